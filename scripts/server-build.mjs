// The server as the shop runs it: server/src and the contract bundled by esbuild into one
// JavaScript file, server/dist/main.js, with the npm packages left as imports. `npm start` and
// `npm run bench:api` run it with plain Node. Running the TypeScript through tsx instead costs a
// second JavaScript engine for the loader thread and a transpiled copy of every module: about
// 50 MB more resident memory for the same server (docs/performance.md, "Memory").
// Tests and `npm run dev` keep running the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Where the bundle is written. It sits two levels below the root, as server/src/config.ts does. */
export const SERVER_BUNDLE = path.join(root, 'server', 'dist', 'main.js');

export { SERVER_ENV, SERVER_NODE_ARGS } from './server-runtime.mjs';

/** Bundles the server (about a second); returns the bundle's path. */
export async function buildServer() {
  const packages = (file) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  };
  await build({
    entryPoints: [path.join(root, 'server', 'src', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages stay imports (native ones cannot be bundled); the workspace's contract, whose
    // package points at TypeScript sources, is bundled in.
    external: [...new Set([...packages('server/package.json'), ...packages('package.json')])],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Some packages the server imports call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as mtumbaRequire } from 'node:module';\nconst require = mtumbaRequire(import.meta.url);",
    },
  });
  // The storefront's drawing thread is a script of its own, found next to the bundle (plain
  // JavaScript: copied as it is).
  fs.copyFileSync(
    path.join(root, 'server', 'src', 'modules', 'storefront', 'render-worker.mjs'),
    path.join(path.dirname(SERVER_BUNDLE), 'render-worker.mjs'),
  );
  return SERVER_BUNDLE;
}

if (process.argv[1] === import.meta.filename) {
  console.log(`Server bundled into ${path.relative(root, await buildServer())}`);
}
