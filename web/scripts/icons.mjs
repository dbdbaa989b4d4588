// Writes the installed app's icons (web/public/icons) from the shop's mark, the favicon's shirt.
// Run by hand when the mark changes: `node web/scripts/icons.mjs`; the PNGs are committed.
// "any" icons keep the favicon's rounded square; the maskable one fills the square with the brand
// colour and keeps the shirt inside the centre circle (80 % of the side) that every mask shows.
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#7a3e1d';
const SHIRT = 'M20 16l-10 8 5 8 5-3v21h24V29l5 3 5-8-10-8h-6a6 6 0 0 1-12 0z';
const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');

const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${BRAND}"/><path d="${SHIRT}" fill="#fff"/></svg>`;
// the shirt (x 10-54, y 10-50) scaled by 0.7 about the centre: well inside the safe circle
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 33) scale(0.7) translate(-32 -33)"><path d="${SHIRT}" fill="#fff"/></g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`wrote ${name}`);
}
