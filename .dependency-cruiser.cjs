/** Module boundaries (DESIGN §3), checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'no-sandbox-in-production-code',
      comment: 'The api and worker talk to outside providers over HTTP/SMTP only; the sandbox stands in for them.',
      severity: 'error',
      from: { path: '^(apps/(api|worker)|libs)/' },
      to: { path: '^apps/sandbox/' },
    },
    {
      name: 'libs-only-through-index',
      comment:
        'A lib imports another lib only through its public surface, src/index.ts, or its published events, src/events.ts (which lets two modules listen to each other without an import cycle).',
      severity: 'error',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/([^/]+)/src/', pathNot: ['^libs/$1/', '^libs/[^/]+/src/(index|events)\\.ts$'] },
    },
    {
      name: 'published-events-stand-alone',
      comment: "A module's src/events.ts and the event files it re-exports depend on the platform only, so any module can import them.",
      severity: 'error',
      from: { path: '^libs/([^/]+)/src/(?:events\\.ts|events/)' },
      to: { path: '^libs/', pathNot: ['^libs/platform/', '^libs/contracts/', '^libs/$1/src/events'] },
    },
    {
      name: 'apps-use-libs-through-index',
      comment: 'Apps compose modules through their public surface only.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^libs/[^/]+/src/', pathNot: ['^libs/[^/]+/src/index\\.ts$'] },
    },
    {
      name: 'web-only-uses-contracts',
      comment: 'The browser bundle must not pull in server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(libs/(?!contracts/)|apps/(api|worker|sandbox)/)' },
    },
    {
      name: 'libs-do-not-import-apps',
      comment: 'Modules are composed by the apps (apps/modules.ts lists them), never the other way round.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-features-do-not-import-each-other',
      comment:
        'DESIGN §10: a feature (features/<area>/<feature>) imports shared/ and the contracts, never another feature; routes in app/ compose them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/$2/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
