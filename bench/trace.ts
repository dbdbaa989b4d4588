/**
 * The phone's main thread on one page: `npx tsx bench/trace.ts [--path /products/1] [--runs 3]`.
 * Starts the shop as `bench:web` does (demo catalogue, production build), opens the page in
 * Chromium with the CPU slowed 4× (as Lighthouse's mobile preset), records a trace and prints
 * every task of the page's main thread over 50 ms with the events that took most of it (Layout,
 * v8.evaluateModule, a timer or a function call and its script...). What `bench:web`'s blocking
 * time is made of, task by task. Figures, not a test: it never fails on timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { arg, chromiumPath, ensureWebBuilt, startServer } from './shared.js';

const pagePath = arg('path', '/products/1');
const runs = Number(arg('runs', '3'));

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** The tasks over 50 ms of the thread that ran the most, each with its largest inner events. */
function longTasks(events: TraceEvent[]): string[] {
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'RunTask' && e.dur) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  }
  const [thread] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const own = events.filter((e) => `${e.pid}:${e.tid}` === thread);
  const tasks = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  const start = own.find((e) => e.name === 'RunTask')?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inner = new Map<string, number>();
    for (const e of own) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || (e.dur ?? 0) < 2_000) continue;
      const data = e.args?.data;
      const name = [e.name, data?.url?.replace(/^.*\//, ''), data?.functionName].filter(Boolean).join(' ');
      inner.set(name, (inner.get(name) ?? 0) + e.dur! / 1000);
    }
    const top = [...inner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`);
    return `  at ${Math.round((task.ts - start) / 1000)} ms: ${Math.round(task.dur! / 1000)} ms (${top.join('; ')})`;
  });
}

ensureWebBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-bench-trace-'));
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1' });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const file = path.join(dataDir, `trace-${run}.json`);
    await browser.startTracing(page, {
      path: file,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8'],
    });
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
    // what the page does once it has everything: hydration, the first reads of the visitor's lists
    await page.waitForTimeout(2000);
    await browser.stopTracing();
    await context.close();
    const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    console.log(`${pagePath}, run ${run}, tasks over 50 ms at 4× CPU (load average ${os.loadavg()[0]!.toFixed(1)}):`);
    for (const line of longTasks(traceEvents)) console.log(line);
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
