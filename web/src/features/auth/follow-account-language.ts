import { isLanguage, pageLanguage, rememberLanguage } from '@/i18n/language';

/** How the page is drawn again (a test stands in for it). */
export const page = { reload: (): void => window.location.reload() };

/**
 * Right after a sign-in: when the account keeps a language ('en' or 'sw') the page is not in (a
 * new device, or a shared one someone else left in the other language), that language becomes
 * this browser's and the page is drawn again in it. Returns whether it did.
 */
export function followAccountLanguage(profile: { language?: string } | undefined): boolean {
  const language = profile?.language;
  if (!isLanguage(language) || language === pageLanguage()) return false;
  rememberLanguage(language);
  page.reload();
  return true;
}
