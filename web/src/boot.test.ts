import { afterEach, describe, expect, it, vi } from 'vitest';

// The loader of server-drawn pages (boot.ts) runs once, as a plain script: each test gives it the
// tag it reads its entry and chunks from, then imports it afresh.
async function runLoader(preload: string[]) {
  const tag = document.createElement('script');
  tag.dataset.entry = '/assets/index.js';
  if (preload.length > 0) tag.dataset.preload = preload.join(' ');
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  vi.resetModules();
  // a plain script, not a module: imported by a name the type-checker does not follow
  const loader = './boot';
  await import(/* @vite-ignore */ loader);
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const entryScripts = () => document.head.querySelectorAll('script[type="module"]');

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  // back to jsdom's own (no script is running)
  delete (document as { currentScript?: unknown }).currentScript;
});

describe('the loader of a server-drawn page', () => {
  it('preloads every chunk of the page, a few per task, then starts the app once, after the last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const chunks = Array.from({ length: 14 }, (_, i) => `/assets/chunk-${i}.js`);
    await runLoader(chunks);
    // nothing before the page has been painted
    expect(preloads()).toEqual([]);
    expect(entryScripts()).toHaveLength(0);

    const addedPerTask: number[] = [];
    let before = 0;
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      addedPerTask.push(preloads().length - before);
      before = preloads().length;
    }
    expect(preloads()).toEqual(chunks);
    // no task starts more than a few fetches: a phone's tap would wait for them all
    expect(Math.max(...addedPerTask)).toBeLessThanOrEqual(6);
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]!.getAttribute('src')).toBe('/assets/index.js');
    expect(document.head.lastElementChild).toBe(entryScripts()[0]);
  });

  it('starts the app in the first task when the page names no chunks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    await runLoader([]);
    vi.runAllTimers();
    expect(preloads()).toEqual([]);
    expect(entryScripts()).toHaveLength(1);
  });
});
