// How the bundled server (scripts/server-build.mjs) is run; a module of its own so that what
// starts the bundle does not load esbuild.

/**
 * How the bundle is run (docs/performance.md, "Memory"): stack traces through the source map;
 * a young generation of 2 × 8 MB instead of 2 × 16 (V8 keeps it committed once grown); an old
 * generation of at most 1.5 GB, far above what the server holds, because under a limit V8 lets
 * the heap grow less far past what its last full collection kept (without one, at 50,000
 * products, a collection kept about 65 MB and the heap grew to about 245 MB; with it the peak
 * was about a third lower); and two malloc arenas instead of glibc's eight per core, which the
 * compression threads otherwise each fill and keep.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=1536'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
