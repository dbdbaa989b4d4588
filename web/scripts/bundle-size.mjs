// Prints the gzipped JavaScript a visitor's browser loads for the home page: the entry, the
// home route's lazy chunk, and every chunk they import statically. Fails the build over budget,
// or when a page the server draws would download zod: building its schemas is a long task on a
// phone right when the page is hydrated, and the storefront has nothing to validate with them
// (the contract keeps what these pages use in zod-free files such as delivery-rules.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOME_JS_BUDGET_KB as BUDGET_KB } from './budget.mjs';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks the page of these manifest keys loads: them, the entries and their static imports. */
function firstDownload(...keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  for (const key of keys) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
}

const SERVER_DRAWN = ['home', 'products', 'product-detail', 'offers', 'terms', 'contact', 'not-found'];
for (const page of SERVER_DRAWN) {
  const key = `src/app/routes/${page}.tsx`;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  // zod names its base class in a string that minifying keeps.
  const withZod = firstDownload(key).filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('$ZodType'));
  if (withZod.length > 0) {
    console.error(`The ${page} page's first download includes zod (${withZod.join(', ')}).`);
    process.exit(1);
  }
}

const files = firstDownload('src/app/routes/home.tsx');

let total = 0;
const rows = [];
for (const file of files) {
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
