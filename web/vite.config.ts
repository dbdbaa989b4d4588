import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webSourceHash, writeWebBuildStamp } from '../scripts/web-build.mjs';
import { HOME_JS_BUDGET_KB } from './scripts/budget.mjs';
import { linguiCatalogs } from './scripts/lingui-catalogs.mjs';
import { storefrontOnly } from './scripts/precache.mjs';
import { unusedBootstrapCss } from './scripts/unused-css.mjs';
import { routerPure } from './scripts/router-pure.mjs';

const api = process.env.MTUMBA_API ?? 'http://localhost:3000';

/**
 * Writes the hash of the sources this build is made from into it, for `npm start`
 * (scripts/web-build.mjs). `npm run build` builds the browser's bundle, then the server entry
 * (dist/server); the stamp is written by the last of the two, so a build that stopped half-way is
 * built again.
 */
function sourceHash(): Plugin {
  let hash = '';
  let outDir = '';
  return {
    name: 'mtumba-source-hash',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    configResolved(config) {
      // the server entry goes to dist/server; the stamp belongs to dist
      outDir = path.resolve(config.root, config.build.outDir, '..');
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

/** React Router's production build: the development entry's path with development → production. */
function reactRouterProduction(): string {
  const development = createRequire(import.meta.url)
    .resolve('react-router')
    .replace(/index\.js$/, 'index.mjs');
  const production = development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
  if (production === development || !fs.existsSync(production)) {
    throw new Error(`React Router's production build is not where it was expected (${production})`);
  }
  return production;
}

/**
 * The service worker (docs/architecture.md section 21): src/sw.ts, built with Workbox into dist/sw.js
 * with the storefront's files to precache (scripts/precache.mjs). The manifest is a file of its own
 * (public/manifest.webmanifest) and the app registers the worker itself (src/lib/offline/register.ts).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    injectManifest: {
      // One classic script (the plugin's ES build sets an option the bundler warns is deprecated).
      rollupFormat: 'iife',
      // The worker's own build compiles the message catalogs it shows (the offline notes) too.
      buildPlugins: { vite: [linguiCatalogs()] },
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['server/**', 'sw.js'],
      manifestTransforms: [storefrontOnly(path.resolve(import.meta.dirname, 'dist'))],
    },
  });
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    linguiCatalogs(),
    react(),
    routerPure(),
    sourceHash(),
    ...(command === 'build' && !isSsrBuild ? [serviceWorker()] : []),
  ],
  // The browser build drops the Bootstrap rules no page uses (scripts/unused-css.mjs); the dev server keeps all.
  css: command === 'build' && !isSsrBuild ? { postcss: { plugins: [unusedBootstrapCss()] } } : undefined,
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // React Router's package exports only its development build, whose warnings (and the code
      // that checks for them) every visitor would download; its production build is that same
      // file with ENABLE_DEV_WARNINGS = false. Both production builds use it: the browser's, and
      // the server's, which bundles it (below) so that every page the server draws skips the checks.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : []),
    ],
  },
  ssr: command === 'build' && isSsrBuild ? { noExternal: ['react-router'] } : undefined,
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
    // Vite's default: the browsers Baseline calls widely available. Class fields stay as written
    // (TanStack Query's private fields, turned into helpers for ES2020, cost the first page 1.3 KB
    // gzipped).
    target: isSsrBuild ? 'node20' : 'baseline-widely-available',
    sourcemap: false,
    // Every browser the shop supports (Chrome on Android included) knows <link rel="modulepreload">:
    // the polyfill would only add bytes to the first page.
    // The page preloads the entry's imports; a lazy chunk is not preloaded with its imports (only
    // its stylesheet is loaded with it): the entry would name every lazy chunk's imports by file
    // name, 1.6 KB of the home page's budget gzipped. The service worker precaches the storefront's
    // chunks once the first page has loaded, so moving to another screen finds them at hand.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // Chunk files are named by their hash alone: the entry lists every lazy chunk it may preload, and
    // readable names there cost the first page bytes (the manifest maps sources to files).
    // Two browser entries: the app (index.html) and the loader of server-drawn pages (src/boot.ts).
    rollupOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: path.resolve(import.meta.dirname, 'index.html'),
            boot: path.resolve(import.meta.dirname, 'src/boot.ts'),
          },
          output: {
            chunkFileNames: 'assets/[hash].js',
            // React, React DOM, React Router, TanStack Query and Lingui go in one chunk: every page
            // needs all of them, and left to itself the bundler cut them into four files shared in
            // different ways, each gzipped on its own (1.9 KB more for the home page).
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router|@lingui)[\\/]/,
                },
                // The app's own modules every page uses, which the bundler would otherwise cut into
                // four files of a few hundred bytes each.
                {
                  name: 'core',
                  test: /web[\\/]src[\\/]lib[\\/](api-client|auth-storage|toast|events|refetch-after-write)\.ts$/,
                },
              ],
            },
          },
        },
    // the client's manifest tells the server which chunks and stylesheet a page needs
    manifest: !isSsrBuild,
    // What a visitor pays for is the gzipped JavaScript of the first page, which
    // scripts/bundle-size.mjs prints and holds to its budget after every build; Vite's own
    // warning measures single chunks before compression and would be a second, disagreeing
    // voice. Its limit is set past any chunk the budget allows (gzip shrinks code 3-4x).
    chunkSizeWarningLimit: HOME_JS_BUDGET_KB * 4,
  },
}));
