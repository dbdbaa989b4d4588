// Every Kiswahili catalog, in one chunk: only a page in Kiswahili loads it (i18n/index.tsx).
const modules = import.meta.glob<{ default: object }>('./catalogs/sw/*.json', { eager: true });

export const catalogs: object[] = Object.values(modules).map((m) => m.default);
