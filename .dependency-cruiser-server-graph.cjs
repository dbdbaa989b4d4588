/**
 * The server's module graph, checked by `npm run lint` (docs/architecture.md, "Boundaries").
 *
 * A separate run from .dependency-cruiser.cjs because it looks at folders, not files, and only at
 * the server's production code: a test may import any module it exercises, and the top-level files
 * (app.ts, main.ts, config.ts) assemble everything, so they are left out of the folder graph.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config, as dependency-cruiser reads it
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'server-modules-one-way',
      severity: 'error',
      comment:
        'Server folders form a one-way graph: when server/src/modules/a imports server/src/modules/b (directly or through other folders), nothing in b reaches back into a. A use case that spans modules lives in server/src/flows/, above every module; code every module shares lives in server/src/lib/ or server/src/db/, below them.',
      scope: 'folder',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^server/src/',
    exclude: { path: '(^|/)(node_modules|dist)/|[.]test[.]ts$|^server/src/[^/]+[.]ts$' },
  },
};
