import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CatalogueSource, RenderedPage, StorefrontEntry, UnchangedPage } from '@mtumba/contract/storefront';

/** The drawing thread's script: next to this module in the sources, next to the bundle when built. */
export const RENDER_WORKER = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));

type Drawn = RenderedPage | UnchangedPage | null;

interface Job {
  source: CatalogueSource;
  resolve(page: Drawn): void;
  reject(err: unknown): void;
  /** the first catalogue read of this page that failed: the page fails with it, as drawn in-process */
  sourceError?: unknown;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'data'; id: number; call: number; method: keyof CatalogueSource; args: unknown[] }
  | { type: 'rendered'; id: number; page: Drawn }
  | { type: 'failed'; id: number; message: string; stack?: string };

export interface RenderThread extends StorefrontEntry {
  /** stops the thread; a later page starts it again */
  close(): Promise<void>;
}

/**
 * The server entry built at `entryFile`, drawing its pages on a thread of its own: React's
 * drawing of a page (2–3 ms of a product page's 5) no longer holds up the requests answered from
 * memory meanwhile. The page's data is still read here, on the main thread, through the
 * `source` each page is drawn from. A thread that stops (it threw, or ran out of memory) fails
 * the pages it was drawing, which are then sent as the app's shell, and the next page starts a
 * new one; one that could not load the entry at all fails every page from then on.
 */
export function renderThread(entryFile: string): RenderThread {
  let worker: Worker | null = null;
  let unusable: Error | null = null;
  const jobs = new Map<number, Job>();
  let ids = 0;

  const start = (): Worker => {
    const started = new Worker(RENDER_WORKER, { workerData: { entryFile } });
    let ready = false;
    // the thread never keeps the process alive by itself (a test's, a command's)
    started.unref();
    const fail = (err: Error) => {
      // a thread closed while it loaded says nothing of the entry: the next page starts another
      if (!ready && worker === started) unusable = err;
      if (worker === started) worker = null;
      for (const [id, job] of jobs) {
        jobs.delete(id);
        job.reject(err);
      }
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`The storefront's drawing thread stopped (exit code ${code}).`)));
    started.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        ready = true;
        return;
      }
      const job = jobs.get(message.id);
      if (message.type === 'data') {
        const method = job?.source[message.method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
        const read = !job
          ? Promise.reject(new Error('No such page is being drawn.'))
          : typeof method !== 'function'
            ? Promise.reject(new Error(`The catalogue has no ${String(message.method)} read.`))
            : Promise.resolve().then(() => method.apply(job.source, message.args));
        read.then(
          (value) => started.postMessage({ type: 'data', id: message.id, call: message.call, value }),
          (err: unknown) => {
            if (job && job.sourceError === undefined) job.sourceError = err;
            started.postMessage({
              type: 'data',
              id: message.id,
              call: message.call,
              error: err instanceof Error ? err.message : String(err),
            });
          },
        );
        return;
      }
      if (!job) return;
      jobs.delete(message.id);
      if (message.type === 'rendered') job.resolve(message.page);
      else job.reject(job.sourceError ?? Object.assign(new Error(message.message), { stack: message.stack }));
    });
    return started;
  };

  return {
    render(url, source, appUrl, options) {
      if (unusable) return Promise.reject(unusable);
      worker ??= start();
      const id = ++ids;
      const drawing = worker;
      return new Promise<Drawn>((resolve, reject) => {
        jobs.set(id, { source, resolve, reject });
        drawing.postMessage({ type: 'render', id, url, appUrl, options });
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
