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
  /** The kept list as stored, without writing (a page load asks whether there is anything to send). */
  read(): Promise<unknown>;
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
    read: () => Promise.resolve(parse(storage.getItem(LEGACY_KEY))),
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
 * Whether this browser has the queue's database yet. Opening one that is not there creates it (its
 * store made in an upgrade: about 20 ms of a phone's main thread on a first visit, seen in
 * Lighthouse's traces), so a read asks first: with no database nothing was kept there.
 */
async function databaseExists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((d) => d.name === DATABASE);
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** What IndexedDB keeps, followed by any adds an earlier release kept in local storage. */
function withLegacy(kept: unknown): unknown {
  const legacy = localStorage.getItem(LEGACY_KEY);
  return legacy === null ? (kept ?? []) : [...asArray(kept), ...asArray(parse(legacy))];
}

/**
 * Runs `work` in one transaction on the queue's store and resolves with what it set aside once the
 * transaction has completed. The database is opened for each transaction and closed after it: adds
 * are rare, and an open connection could keep the page out of the browser's back-forward cache.
 */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let value: T;
      work(tx.objectStore(STORE), (v) => (value = v));
      tx.oncomplete = () => resolve(value);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/**
 * The queue in IndexedDB: a read is a readonly transaction (none before the database exists: the
 * first change makes it), a change one readwrite transaction.
 * Adds a shopper kept in local storage before are read with the rest and moved in by the first
 * change; where IndexedDB cannot be opened (some private windows), local storage is used, which is
 * better than losing the add.
 */
export function indexedDbStore(): QueueStore {
  const fallback = storageStore(localStorage);
  return {
    async read() {
      try {
        if (!(await databaseExists())) return withLegacy(undefined);
        return await inTransaction<unknown>('readonly', (store, done) => {
          const request = store.get(KEY);
          request.onsuccess = () => done(withLegacy(request.result));
        });
      } catch {
        return fallback.read();
      }
    },
    async update(change) {
      let result: ReturnType<typeof change>['result'];
      try {
        await inTransaction<void>('readwrite', (store) => {
          const request = store.get(KEY);
          request.onsuccess = () => {
            const changed = change(withLegacy(request.result));
            result = changed.result;
            if (changed.next.length === 0) store.delete(KEY);
            else store.put(changed.next, KEY);
          };
        });
      } catch {
        return fallback.update(change);
      }
      // only once the move is stored: a failed transaction leaves the old copy in place
      localStorage.removeItem(LEGACY_KEY);
      return result!;
    },
  };
}

/** The store this browser has. */
export const defaultStore = (): QueueStore =>
  typeof indexedDB === 'undefined' ? storageStore(localStorage) : indexedDbStore();
