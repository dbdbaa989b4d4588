// `npm install` runs this after installing: it makes the demo shop's photos once, into
// node_modules/.cache (server/src/seed/photo-cache.ts), so that the first `npm start` (and any
// later fresh DATA_DIR) copies them instead of spending about 18 s drawing them. It never fails the
// install: without the dev tools, or on any error, the first start makes the photos itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'server', 'src', 'seed', 'photos-cli.ts');
const hasTsx = fs.existsSync(path.join(root, 'node_modules', 'tsx'));

if (['0', 'false', 'no'].includes(process.env.SEED_DEMO ?? '')) {
  console.log('Demo photos: SEED_DEMO is off, none made.');
} else if (!hasTsx || !fs.existsSync(cli)) {
  console.log('Demo photos: not made now (no tsx); the first start makes them.');
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) console.log('Demo photos: not made now; the first start makes them.');
}
