/**
 * Reads a V8 CPU profile (`--cpu-prof` of bench:api writes the server's to bench/results/profiles)
 * and prints where the CPU went: self time by package and by function, and with `--stacks <name>`
 * the commonest ways a function of that name is reached (it and up to 11 of its callers).
 * `--from`/`--to` (µs on the monotonic clock, as bench:api prints them for each measured checkout
 * rush) keep only the samples taken
 * between them, so a figure is the cost of that stretch rather than of the whole run.
 *
 * `npx tsx bench/profile.ts <file.cpuprofile> [--from µs --to µs] [--top 30] [--stacks fnName]`
 */
import fs from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
if (!file) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [--from µs --to µs] [--top 30] [--stacks fnName]');
  process.exit(2);
}
const from = Number(option('from') ?? -Infinity);
const to = Number(option('to') ?? Infinity);
const top = Number(option('top') ?? 30);
const stacksOf = option('stacks');

const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Where a frame's code comes from: an npm package, node's own, the app's bundle, or V8. */
function origin(frame: Frame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/server/dist/')) return 'app';
  return url.replace(/^.*\//, '');
}

const label = (f: Frame) => `${f.functionName || '(anonymous)'} ${origin(f)}:${f.lineNumber + 1}`;

// Each sample's time is the delta to the next one; only samples inside the window count.
const selfUs = new Map<number, number>();
let at = profile.startTime;
let counted = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (at < from || at > to) continue;
  const node = byId.get(profile.samples[i])!;
  if (node.callFrame.functionName === '(idle)') idle += dt;
  else {
    counted += dt;
    selfUs.set(node.id, (selfUs.get(node.id) ?? 0) + dt);
  }
}

const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
const sum = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);

const byOrigin = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const f = byId.get(id)!.callFrame;
  sum(byOrigin, origin(f), us);
  sum(byFunction, label(f), us);
}
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

// inclusive time: a sample counts once for every function on its stack
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) seen.add(label(byId.get(n)!.callFrame));
  for (const k of seen) sum(inclusive, k, us);
}

console.log(`busy ${ms(counted)} ms, idle ${ms(idle)} ms${Number.isFinite(from) ? ' (in the window)' : ''}\n`);
console.log('self time by origin (ms)');
for (const [k, us] of sorted(byOrigin).slice(0, top)) console.log(`${ms(us)}  ${k}`);
console.log('\nself time by function (ms)');
for (const [k, us] of sorted(byFunction).slice(0, top)) console.log(`${ms(us)}  ${k}`);

console.log('\ntime including callees, by function (ms)');
for (const [k, us] of sorted(inclusive).slice(0, top)) console.log(`${ms(us)}  ${k}`);

if (stacksOf) {
  // self time of every sample whose stack includes a function of that name, grouped by that
  // function and its 11 nearest callers
  const stacks = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frames: Frame[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) frames.push(byId.get(n)!.callFrame);
    const index = frames.findIndex((f) => f.functionName === stacksOf);
    if (index < 0) continue;
    sum(
      stacks,
      frames
        .slice(index, index + 12)
        .map(label)
        .join('\n          < '),
      us,
    );
  }
  console.log(`\nstacks through ${stacksOf} (ms)`);
  for (const [k, us] of sorted(stacks).slice(0, 15)) console.log(`${ms(us)}  ${k}\n`);
}
