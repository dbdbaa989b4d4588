/**
 * Where the adds kept while offline live (./queue.ts): IndexedDB in a browser, local storage where
 * there is none (the unit tests' jsdom).
 *
 * Not local storage in a browser: Chromium keeps a copy of local storage in each page's process
 * and may hand a page opened just after an add a copy without it, so an add tapped on one product
 * page was lost when the shopper went on to the next (seen in the offline journey, about one run in
 * ten). IndexedDB has no such copy: every transaction reads and writes the browser's own store, and
 * one transaction is one step that no other tab can split.
 */

export interface QueueStore {
  /** Hands the kept list to `change` and keeps the list it returns, as one step; gives its result. */
  update<T>(change: (kept: unknown) => { next: unknown[]; result: T }): Promise<T>;
}

/** The name local storage used (and the first releases of the queue kept adds under). */
export const LEGACY_KEY = 'offline_queue';

const parse = (raw: string | null): unknown => {
  try {
    return JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
};

/** The queue in a `Storage` (local storage): for a browser without IndexedDB, and the unit tests. */
export function storageStore(storage: Storage): QueueStore {
  return {
    update(change) {
      const { next, result } = change(parse(storage.getItem(LEGACY_KEY)));
      if (next.length === 0) storage.removeItem(LEGACY_KEY);
      else storage.setItem(LEGACY_KEY, JSON.stringify(next));
      return Promise.resolve(result);
    },
  };
}

const DATABASE = 'mtumba';
const STORE = 'offline';
const KEY = 'queue';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/**
 * The queue in IndexedDB, one readwrite transaction per change. The database is opened for each
 * change and closed after it: adds are rare, and an open connection could keep the page out of the
 * browser's back-forward cache. Adds a shopper kept in local storage before are moved in on the
 * first change; where IndexedDB cannot be opened, local storage is used.
 */
export function indexedDbStore(): QueueStore {
  return {
    async update(change) {
      let db: IDBDatabase;
      try {
        db = await open();
      } catch {
        // IndexedDB refused (some private windows): local storage is better than losing the add
        return storageStore(localStorage).update(change);
      }
      try {
        return await new Promise((resolve, reject) => {
          const tx = db.transaction(STORE, 'readwrite');
          const store = tx.objectStore(STORE);
          let result: ReturnType<typeof change>['result'];
          const read = store.get(KEY);
          read.onsuccess = () => {
            const kept: unknown = read.result ?? [];
            const legacy = localStorage.getItem(LEGACY_KEY);
            const before = legacy === null ? kept : [...(Array.isArray(kept) ? kept : []), ...asArray(parse(legacy))];
            const changed = change(before);
            result = changed.result;
            if (changed.next.length === 0) store.delete(KEY);
            else store.put(changed.next, KEY);
          };
          tx.oncomplete = () => {
            // only once the move is stored: a failed transaction leaves the old copy in place
            localStorage.removeItem(LEGACY_KEY);
            resolve(result);
          };
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
        });
      } finally {
        db.close();
      }
    },
  };
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The store this browser has. */
export const defaultStore = (): QueueStore =>
  typeof indexedDB === 'undefined' ? storageStore(localStorage) : indexedDbStore();
