// How the bundled server (scripts/server-build.mjs) is run; a module of its own so that what
// starts the bundle does not load esbuild.

/**
 * How the bundle is run (docs/performance.md, "Memory"): stack traces through the source map;
 * a young generation of 2 × 8 MB instead of 2 × 16 (V8 keeps it committed once grown); and two
 * malloc arenas instead of glibc's eight per core, which the compression threads otherwise
 * each fill and keep (together about 45 MB less at the peak of `npm run bench:api -- --products 50000`).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
