import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfigOrExit } from '../config.js';
import { demoImageJobs, storeGarmentImages } from './catalogue.js';
import { PhotoCache } from './photo-cache.js';

// `npm run demo-photos` (and `npm install`, through scripts/demo-photos.mjs): makes the demo shop's
// photos once into the photo cache (photo-cache.ts), so that every later first start copies them.
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  if (!config.seed.photoCacheDir) {
    console.log('Demo photos: DEMO_PHOTO_CACHE_DIR=off, nothing to make.');
    return 0;
  }
  const started = performance.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-demo-photos-'));
  try {
    const images = await storeGarmentImages(
      demoImageJobs().flat(),
      scratch,
      undefined,
      new PhotoCache(config.seed.photoCacheDir),
    );
    const distinct = new Set(images.map((i) => i.file_key)).size;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Demo photos: ${distinct} ready in ${config.seed.photoCacheDir} (${seconds} s)`);
    return 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
