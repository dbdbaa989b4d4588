// The storefront's drawing thread (docs/architecture.md section 19): loads the built server entry
// of the web app and draws pages for the main thread, which keeps the data. Plain JavaScript, so
// that the same file runs beside the bundled server and under the tests without a compile step.
//
// Messages from the main thread:
//   { type: 'render', id, url, appUrl, options }   draw a page
//   { type: 'data', id, call, value } / { type: 'data', id, call, error }   a catalogue read's answer
// Messages to it:
//   { type: 'data', id, call, method, args }   read the catalogue for render `id`
//   { type: 'rendered', id, page } / { type: 'failed', id, message, stack }
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const entry = await import(pathToFileURL(workerData.entryFile).href);
const port = parentPort;

/** Catalogue reads waiting for the main thread's answer, by call number. */
const waiting = new Map();
let calls = 0;

/**
 * The catalogue (CatalogueSource) as the entry sees it while it draws page `id`: each method it
 * calls is read by the main thread, whatever methods the contract has.
 */
function sourceFor(id) {
  return new Proxy(
    {},
    {
      get: (_target, method) =>
        typeof method !== 'string' || method === 'then'
          ? undefined
          : (...args) =>
              new Promise((resolve, reject) => {
                const call = ++calls;
                waiting.set(call, { resolve, reject });
                port.postMessage({ type: 'data', id, call, method, args });
              }),
    },
  );
}

port.on('message', (message) => {
  if (message.type === 'data') {
    const pending = waiting.get(message.call);
    if (!pending) return;
    waiting.delete(message.call);
    if ('error' in message) pending.reject(new Error(message.error));
    else pending.resolve(message.value);
    return;
  }
  if (message.type !== 'render') return;
  const { id, url, appUrl, options } = message;
  entry.render(url, sourceFor(id), appUrl, options).then(
    (page) => port.postMessage({ type: 'rendered', id, page }),
    (err) =>
      port.postMessage({
        type: 'failed',
        id,
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      }),
  );
});

port.postMessage({ type: 'ready' });
