// Prints the gzipped JavaScript a visitor's browser loads for the home page: the entry, the
// home route's lazy chunk, and every chunk they import statically. Fails the build over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOME_JS_BUDGET_KB as BUDGET_KB } from './budget.mjs';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const dep of entry.imports ?? []) visit(dep);
};
for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
visit('src/app/routes/home.tsx');

let total = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push(`  ${file.padEnd(52)} ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
}
console.log(`Home page JavaScript (entry + home route + their static imports):\n${rows.join('\n')}`);
console.log(`  total: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (total / 1024 > BUDGET_KB) {
  console.error(`The home page's JavaScript is over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
