// Import boundaries and cycles (DESIGN.md, "Rules of the house"); run with `npm run check:deps`.
// Paths are relative to the repository root. Tests (*.test.ts(x), tests/) may import anything, so the layer rules
// look only at the modules that ship.

/** A test file beside its source, or anything under tests/. */
const TEST = '(\\.test\\.tsx?$|^tests/)';

/**
 * The one module of the page app the server may import: the route table, language choice and boot names, DOM-free
 * (src/app/server-entry.ts). The render itself (src/app/ssr-entry.tsx) is loaded built, from dist/.ssr, by its file.
 */
const SERVER_RENDER_ENTRY = ['^src/app/server-entry\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-only-zod',
      comment: 'contract/ is shared by page, service worker and server: it depends on zod and itself only.',
      severity: 'error',
      from: { path: '^contract/', pathNot: TEST },
      // ibantools: the IBAN check of the direct-debit form must be the same on page and server, and it is a small
      // pure library with no dependencies of its own.
      to: { pathNot: ['^contract/', '^node_modules/zod/', '^node_modules/ibantools/'] },
    },
    {
      name: 'page-not-to-server',
      comment: 'The page app and the service worker never import the server.',
      severity: 'error',
      from: { path: '^(src|sw)/', pathNot: TEST },
      to: { path: '^server/' },
    },
    {
      name: 'sw-only-data-and-contract',
      comment:
        'sw/ imports only contract/, src/data/ and pure helpers, never the React/DOM layers. ' +
        'A DOM-free helper outside src/data/ gets its path added to pathNot here.',
      severity: 'error',
      from: { path: '^sw/' },
      // The zod-free steps the worker syncs with while the app is closed (sw/closed-app-sync.ts) and what they use.
      to: {
        path: '^src/',
        pathNot: ['^src/data/', '^src/api/request\\.ts$', '^src/sync/(worker-sync|outbox-calls|apply-delta|cursor)\\.ts$'],
      },
    },
    {
      name: 'sw-no-dom-code',
      comment: 'Nothing the service worker loads, even through src/data/, may reach React or the DOM layers of src/.',
      severity: 'error',
      from: { path: '^sw/' },
      to: {
        path: ['^src/(app|features|ui|pwa)/', '^node_modules/(react|react-dom|react-bootstrap|react-i18next|wouter|valtio)/'],
        reachable: true,
      },
    },
    {
      name: 'server-only-contract',
      comment: 'server/ imports npm packages, contract/, locales/ and the one server-render entry of src/ (SERVER_RENDER_ENTRY).',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST },
      to: {
        pathNot: ['^server/', '^contract/', '^locales/', '^node_modules/', ...SERVER_RENDER_ENTRY],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'server-entry-dom-free',
      comment: 'What the server imports of src/ (SERVER_RENDER_ENTRY) never reaches React, the DOM layers or Dexie.',
      severity: 'error',
      from: { path: SERVER_RENDER_ENTRY },
      to: {
        path: [
          '^src/(features|ui|pwa|sync)/.+\\.tsx$',
          '^node_modules/(react|react-dom|react-bootstrap|react-i18next|valtio|dexie)/',
        ],
        reachable: true,
      },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles, lazy import() ones included (they still tie the modules together); a cycle with a ' +
        'type-only import in it is allowed (erased at build time).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules may be a symlink to a shared install: keep its packages under node_modules/ in the graph.
    preserveSymlinks: true,
    doNotFollow: { path: '^node_modules/' },
    // Keep type-only imports in the graph (labelled type-only) so the layer rules see them too.
    tsPreCompilationDeps: true,
    // Resolve packages' `exports` with the conditions Vite and Node use (`default` too: wouter's subpaths need it).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    cache: { folder: '.tmp/cache/depcruise', strategy: 'content' },
  },
};
