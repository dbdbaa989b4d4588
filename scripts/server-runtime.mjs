// How the bundled server (scripts/server-build.mjs) is run; a module of its own so that what
// starts the bundle does not load esbuild.

/**
 * How the bundle is run (docs/performance.md, "Memory"): stack traces through the source map;
 * a young generation of 2 × 8 MB instead of 2 × 16 (V8 keeps it committed once grown); an old
 * generation of at most 1.5 GB, under which V8 lets the heap grow to about twice what its last
 * full collection kept rather than four times (at 50,000 products it kept about 65 MB and the
 * heap had grown to 245 MB); and two malloc arenas instead of glibc's eight per core, which the
 * compression threads otherwise each fill and keep.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=1536'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
