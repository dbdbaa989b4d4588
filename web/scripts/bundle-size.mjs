// Prints the gzipped size of the JavaScript the home page loads first (the entry and its static imports).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set();
for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) initial.add(m[1]);

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (fs.existsSync(manifestPath)) {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) return;
    initial.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
}

let total = 0;
const rows = [];
for (const file of initial) {
  const bytes = fs.readFileSync(path.join(dist, file));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const budgetKb = 150;
console.log(`Initial JavaScript of the home page:\n${rows.join('\n')}`);
console.log(`  total: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
if (total / 1024 > budgetKb) {
  console.error(`The home page's initial JavaScript is over the ${budgetKb} KB budget.`);
  process.exit(1);
}
