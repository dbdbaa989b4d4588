import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { webSourceHash, writeWebBuildStamp } from '../scripts/web-build.mjs';
import { HOME_JS_BUDGET_KB } from './scripts/budget.mjs';

const api = process.env.MTUMBA_API ?? 'http://localhost:3000';

/** Writes the hash of the sources this build is made from into it, for `npm start` (scripts/web-build.mjs). */
function sourceHash(): Plugin {
  let hash = '';
  let outDir = '';
  return {
    name: 'mtumba-source-hash',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      // measured before bundling: a source edited during the build makes the next start rebuild
      hash = webSourceHash(path.resolve(import.meta.dirname, '..'));
    },
    writeBundle() {
      writeWebBuildStamp(outDir, hash);
    },
  };
}

export default defineConfig({
  plugins: [react(), sourceHash()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/pay': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    manifest: true,
    // What a visitor pays for is the gzipped JavaScript of the first page, which
    // scripts/bundle-size.mjs prints and holds to its budget after every build; Vite's own
    // warning measures single chunks before compression and would be a second, disagreeing
    // voice. Its limit is set past any chunk the budget allows (gzip shrinks code 3-4x).
    chunkSizeWarningLimit: HOME_JS_BUDGET_KB * 4,
  },
});
