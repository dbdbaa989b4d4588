// What the service worker precaches (src/sw.ts): the app shell (index.html) and the JavaScript and
// CSS of the storefront, as the build's manifest names them: both entries, the pages the server
// draws, the footer, the offline modules and everything they import statically. Admin screens
// and the other lazy chunks are left out (a page that loads one keeps it at run time), and so are
// photos, icons and anything else in the build folder.
import fs from 'node:fs';
import path from 'node:path';

const STOREFRONT_MODULES = [
  'src/app/routes/home.tsx',
  'src/app/routes/products.tsx',
  'src/app/routes/product-detail.tsx',
  'src/app/routes/offers.tsx',
  'src/app/routes/terms.tsx',
  'src/app/routes/contact.tsx',
  'src/app/routes/not-found.tsx',
  'src/app/footer.tsx',
  'src/app/toast-area.tsx',
  'src/lib/offline/register.ts',
  'src/lib/offline/flush.ts',
  'src/lib/guest-store-add.ts',
];

/** The files (relative to dist) the storefront needs, from dist/.vite/manifest.json. */
export function storefrontFiles(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set(['index.html']);
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of STOREFRONT_MODULES) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest (web/scripts/precache.mjs)`);
    visit(key);
  }
  // react-toastify's chunk: the queued-add messages need it offline
  for (const [key] of Object.entries(manifest)) if (key.includes('node_modules/react-toastify/')) visit(key);
  return files;
}

/** A Workbox manifest transform keeping only the storefront's files. */
export function storefrontOnly(dist) {
  return async (entries) => {
    const keep = storefrontFiles(dist);
    return { manifest: entries.filter((entry) => keep.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
}
