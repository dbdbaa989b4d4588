/**
 * The architecture's import rules, checked by `npm run lint` (docs/architecture.md, "Boundaries").
 * A violation fails CI; the message says which rule and why it exists.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Modules that import each other cannot be understood, tested or loaded on their own: move the shared part into a third module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment:
        'A web feature never imports another feature: shared data hooks and query keys live in web/src/lib/, shared UI in web/src/components/, and a page in web/src/app/routes/ composes features.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-below-features',
      severity: 'error',
      comment:
        'web/src/lib/ and web/src/components/ are shared by every feature, so they never import a feature (that would tie all features to it).',
      from: { path: '^web/src/(lib|components|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'server-modules-through-services',
      severity: 'error',
      comment:
        "A server module reaches another module through that module's service (or its other public files), never through its repository: the owner of a table decides how it is written.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: '^server/src/modules/[^/]+/repository[.]ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'server-flows-on-top',
      severity: 'error',
      comment:
        'server/src/flows/ holds the use cases that span modules and sits above them: a module never imports a flow (the app hands a module what a flow adds when it assembles it).',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/flows/' },
    },
    {
      name: 'server-lib-and-db-below-modules',
      severity: 'error',
      comment:
        'server/src/lib/ and server/src/db/ are shared by every module, so they never import a module, a flow, a plugin or the seed (that would tie every module to it); their tests may.',
      from: { path: '^server/src/(lib|db)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^server/src/(modules|flows|plugins|seed)/' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment:
        'contract/ is shared by server, web and outside clients: it imports nothing from them (only zod and its own files).',
      from: { path: '^contract/' },
      to: { path: '^(server|web|e2e|bench|scripts)/' },
    },
    {
      name: 'web-does-not-reach-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; shared shapes and rules come from contract/.',
      from: { path: '^web/src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.boundaries.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
