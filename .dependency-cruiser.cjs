/**
 * The dependency rules of DESIGN §3, checked by `npm run deps:check` (part of `npm test`).
 * Dependencies point one way: src → machines, src → contract, server → contract.
 *
 * A rule names what is forbidden; a new import that breaks one fails the check. What two
 * features share moves to src/ui/ or src/api/ (or machines/shared/), never into another feature.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere, not even through an `import type`.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'machines-only-xstate-and-shared',
      severity: 'error',
      comment:
        'A machine is pure TypeScript: it imports xstate, its own flow folder and machines/shared/ only (no React, no fetch, ' +
        'no src/, server/, contract/ or another flow). A flow’s fixtures may import the path engine’s types (flows/model.ts). ' +
        'The exceptions are the payment step every checkout invokes (machines/payment-step) and its children: paying ' +
        '(machines/order-payment) and choosing how to pay (machines/payment-choice); a checkout reads their types and selectors. So does the taste card of its five steps ' +
        '(machines/taste-card-steps), whose answer rules it re-exports.',
      from: { path: '^machines/([^/]+)/', pathNot: '[.]fixtures[.]ts$' },
      to: {
        pathNot: [
          '^machines/$1/',
          '^machines/shared/',
          '^machines/payment-step/payment-step[.](types|selectors|machine)[.]ts$',
          '^machines/order-payment/order-payment[.](types|selectors|machine)[.]ts$',
          '^machines/payment-choice/payment-choice[.](types|selectors|machine)[.]ts$',
          '^machines/taste-card-steps/taste-card-steps[.](types|selectors|machine|rules)[.]ts$',
          '(^|/)node_modules/xstate/',
        ],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'machines-fixtures-only-flow-model',
      severity: 'error',
      comment:
        'Fixtures (<flow>.fixtures.ts) feed the path engine; they may import its types and nothing else of ours. ' +
        'The exceptions: the taste card drives its five steps with their own sample answers and events (machines/taste-card-steps); ' +
        'a checkout ends the payment step every checkout invokes as its fixtures say (machines/payment-step), which ends its children as theirs say ' +
        '(machines/order-payment, machines/payment-choice).',
      from: { path: '^machines/([^/]+)/[^/]+[.]fixtures[.]ts$' },
      to: {
        pathNot: [
          '^machines/$1/',
          '^machines/shared/',
          '^machines/taste-card-steps/taste-card-steps[.]fixtures[.]ts$',
          '^machines/(payment-step/payment-step|order-payment/order-payment|payment-choice/payment-choice)[.]fixtures[.]ts$',
          '^flows/model[.]ts$',
          '(^|/)node_modules/xstate/',
        ],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'machines-node-builtins',
      severity: 'error',
      comment: 'Machines run in the browser too: no node built-ins.',
      from: { path: '^machines/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The contract is shared by the SPA and the server: it imports valibot and its own modules, nothing else of ours.',
      from: { path: '^contract/' },
      to: { path: '^(src|server|machines|flows|build|scripts|bench|tests|e2e)/' },
    },
    {
      name: 'server-never-imports-src',
      severity: 'error',
      comment: 'The server talks to the SPA through contract/ only.',
      from: { path: '^server/' },
      to: { path: '^(src|machines|flows|tests|e2e)/' },
    },
    {
      name: 'flows-only-xstate',
      severity: 'error',
      comment: 'The path engine (flows/) is shared by tests, a CLI and the app: it never imports src/ or server/.',
      from: { path: '^flows/' },
      to: { path: '^(src|server|contract|tests|e2e)/' },
    },
    {
      name: 'services-never-import-calls',
      severity: 'error',
      comment: 'Handlers call services, not the other way round; what calls share lives in server/services/.',
      from: { path: '^server/(services|db)/' },
      to: { path: '^server/(calls|http)/(?!errors[.]ts$|cookies[.]ts$)' },
    },
    {
      name: 'calls-never-import-each-other',
      severity: 'error',
      comment:
        'A call module (server/calls/<group>.ts) imports its contract group, services and handler.ts only; what two groups ' +
        'share moves to server/services/. Only the index collects them.',
      from: { path: '^server/calls/', pathNot: '^server/calls/index[.]ts$' },
      to: { path: '^server/calls/', pathNot: ['^server/calls/handler[.]ts$'] },
    },
    {
      name: 'feature-imports-only-own-ui-api-app-machines',
      severity: 'error',
      comment:
        'A feature (src/features/<area>/) imports its own files, src/ui, src/api, src/app, src/i18n, machines/, flows/ and ' +
        'contract/: never another feature, a route or the server. What two features share moves to src/ui or src/api.',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^(src|server|tests|e2e|scripts|bench|build)/',
        pathNot: ['^src/features/$1/', '^src/(ui|api|app|i18n)/'],
      },
    },
    {
      name: 'checkout-machines-only-through-actors',
      severity: 'error',
      comment:
        'A checkout of any kind is started from its actors module (<flow>.actors.ts: the machine provided with its calls) and ' +
        'read through its selectors: no screen imports a checkout machine (machines/checkout, event-join, subscription-checkout, ' +
        'payment-step, order-payment).',
      from: { path: '^src/', pathNot: '[.]actors[.]ts$' },
      to: { path: '^machines/(checkout|event-join|subscription-checkout|payment-step|order-payment)/[^/]+[.]machine[.]ts$' },
    },
    {
      name: 'order-kinds-through-the-registry',
      severity: 'error',
      comment:
        'Features other than the checkout know an order kind through the registry of order kinds (src/app/order-kinds.ts), ' +
        'never through a checkout machine’s folder.',
      from: { path: '^src/features/', pathNot: '^src/features/checkout/' },
      to: { path: '^machines/(checkout|event-join|subscription-checkout|payment-step|order-payment)/' },
    },
    {
      name: 'app-never-imports-features',
      severity: 'error',
      comment:
        'src/app (providers, router, popup and query registries, the flow hook) never imports a feature: features register ' +
        'with it (src/features/<area>/popups.ts), and routes bind screens to URLs.',
      from: { path: '^src/app/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'ui-api-never-import-features-or-app-screens',
      severity: 'error',
      comment: 'src/ui and src/api are what features share: they never import a feature or a route.',
      from: { path: '^src/(ui|api|i18n)/' },
      to: { path: '^src/(features|routes)/' },
    },
    {
      name: 'spa-never-imports-server',
      severity: 'error',
      comment: 'The SPA reaches the server through contract/ and HTTP only.',
      from: { path: '^src/' },
      to: { path: '^(server|tests|e2e|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated route tree and build output are not ours to shape.
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
