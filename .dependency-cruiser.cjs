/**
 * Import boundaries, checked by `npm run lint:deps` (part of `npm test`, see test/architecture/).
 * The layering is tools -> server -> engine with no arrow back; server/ and tools/ reach the engine
 * only through its entry points, so the engine's insides can move without touching its callers. Inside
 * the engine the stages keep their order: loading imports no later stage, and the trace no load code.
 */
/** The engine's public entry points (see the comment at the top of engine/index.ts). */
const ENGINE_ENTRY_POINTS = [
  '^engine/index[.]ts$',
  '^engine/contract/index[.]ts$',
  '^engine/tooling[.]ts$',
  // The API's request examples (plain literals); the examples that are data are built by server/app/openapi/examples/.
  '^engine/contract/examples[.]ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'engine-through-entry-points',
      comment: 'server/ and tools/ import the engine only through engine/index.ts, engine/contract/index.ts or engine/tooling.ts.',
      severity: 'error',
      from: { path: '^(server|tools)/' },
      to: { path: '^engine/', pathNot: ENGINE_ENTRY_POINTS },
    },
    {
      name: 'engine-knows-no-callers',
      comment: 'The engine knows no HTTP and no tool: nothing in engine/ imports server/ or tools/.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(server|tools)/' },
    },
    {
      name: 'server-knows-no-tools',
      comment: 'The running service does not depend on the command-line tools.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^tools/' },
    },
    {
      name: 'loading-before-calculating',
      comment:
        'The stages run in order (ARCHITECTURE.md): engine/loading/ reads, checks and compiles a rule set once, before any request, so it imports neither engine/calculating/ (once per request) nor engine/trace/.',
      severity: 'error',
      from: { path: '^engine/loading/' },
      to: { path: '^engine/(calculating|trace)/' },
    },
    {
      name: 'trace-knows-no-loading',
      comment:
        'engine/trace/ writes what a calculation recorded; it runs none of the load. A type-only import (the shape of a compiled rule) is erased at compile time, so it is allowed.',
      severity: 'error',
      from: { path: '^engine/trace/' },
      to: { path: '^engine/loading/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter. A cycle made only of type imports is erased at compile time, so it is allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
