// Lint: typescript-eslint strict, hooks rules, import boundaries (docs/architecture.md, Layers), no cycles, public APIs only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Typed hooks only, so state and dispatch stay typed: components use useAppDispatch / useAppSelector.
const TYPED_HOOKS_ONLY = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector'],
  message: 'Use useAppDispatch/useAppSelector from app/hooks.',
};
// A package's private paths and unstable names change without notice: only its public API is used.
const PRIVATE_PATHS = {
  antd: {
    regex: '^antd/(lib|es)/',
    message: "antd's internals are private: import from 'antd'.",
  },
  rcComponent: {
    regex: '^@rc-component/[^/]+/(lib|es)/',
    message: "@rc-component internals are private: import from the package's entry.",
  },
  googleapis: {
    regex: '^googleapis/build/',
    message: "googleapis' build folder is private: import type { reseller_v1 } from 'googleapis'.",
  },
  unsafe: {
    // Packages only: a namespace import of our own modules is not an UNSAFE_ import.
    regex: '^[^.]',
    importNamePattern: '^UNSAFE_',
    message: 'UNSAFE_ names are not part of the public API.',
  },
};
/** The import rules, without the private-path kinds listed in `allowed` (offenders being replaced). */
function restrictedImports(...allowed) {
  return [
    'error',
    {
      paths: [TYPED_HOOKS_ONLY],
      patterns: Object.entries(PRIVATE_PATHS)
        .filter(([kind]) => !allowed.includes(kind))
        .map(([, pattern]) => pattern),
    },
  ];
}
// The portal never imports its tools; scripts/ and test/ may import the portal.
const NOT_FROM_TOOLS = {
  target: './src',
  from: ['./scripts', './test'],
  message: 'The portal never imports its scripts or tests.',
};
// Production code never imports the fakes and test set-up of src/testing; tests may (docs/architecture.md).
const NOT_FROM_TESTING = {
  target: [
    './src/client/**/!(*.test).{ts,tsx}',
    './src/contract/**/!(*.test).ts',
    './src/server/**/!(*.test).ts',
  ],
  from: './src/testing',
  message: 'Production code never imports src/testing (fakes and test set-up).',
};
const PRIVATE_PATH_VALUE =
  '/^(antd\\/(lib|es)|@rc-component\\/[^/]+\\/(lib|es)|googleapis\\/build)\\//';
const PRIVATE_PATH_LOADED = {
  selector: `:matches(ImportExpression[source.value=${PRIVATE_PATH_VALUE}], CallExpression[callee.name='require'][arguments.0.value=${PRIVATE_PATH_VALUE}])`,
  message:
    "A package's internals are private, through import() and require() too: use its public entry.",
};
const FOREIGN_CREATE_REQUIRE = {
  selector:
    "CallExpression[callee.name='createRequire']:not([arguments.0.name='__filename']):not([arguments.0.object.meta.name='import'])",
  message:
    "createRequire only of this file: another package's dependencies are private to it; use its public API.",
};

/**
 * Money is integers of the currency's minor unit (docs/api.md, GET /api/price-preview, Money): in the
 * modules money flows through, the float tools that round or parse amounts are refused.
 */
const MONEY_MODULES = [
  'src/contract/money.ts',
  'src/contract/prices.ts',
  'src/contract/history.ts',
  'src/contract/notifications.ts',
  'src/server/prices/**/*.ts',
  'src/server/services/purchases.ts',
  'src/server/history/**/*.ts',
  'src/server/store/historyRows.ts',
  'src/server/store/outboxRows.ts',
  'src/server/notifications/receipts.ts',
  'src/client/features/subscription/price*.ts',
  'src/client/features/subscription/components/PurchasePrice.tsx',
  'src/client/features/subscription/components/SuccessDialog.tsx',
  'src/client/features/history/**/*.{ts,tsx}',
];
const FLOAT_MONEY = [
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message:
      'Money is integer minor units: write it with formatMoney (src/contract/money.ts), not toFixed.',
  },
  {
    selector:
      "CallExpression[callee.name='parseFloat'], CallExpression[callee.object.name='Number'][callee.property.name='parseFloat']",
    message:
      'Money is integer minor units: read a decimal with minorUnitsOf (src/contract/money.ts), not parseFloat.',
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='round']",
    message:
      'Money is rounded once, in integers (divideHalfUp, src/server/prices/pricePreview.ts), not with Math.round.',
  },
];

/** The client's features (src/client/features/<name>, docs/architecture.md, Layers). */
const CLIENT_FEATURES = ['session', 'subscription', 'delegates', 'errors', 'history'];
/** Where each part of the client may import from (docs/architecture.md, Layers). */
const CLIENT_ZONES = [
  NOT_FROM_TOOLS,
  NOT_FROM_TESTING,
  {
    target: './src/client',
    from: './src/server',
    message: 'The client talks to the server over HTTP only.',
  },
  // A feature never imports another feature.
  ...CLIENT_FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
  })),
  {
    // Cross-feature actions have one owner below the features (docs/architecture.md).
    target: './src/client/events',
    from: [
      './src/client/app',
      './src/client/components',
      './src/client/features',
      './src/client/pages',
      './src/client/services',
    ],
    message: 'Cross-feature actions depend on nothing of the client.',
  },
  {
    // From the app layer a feature takes only the store's types and typed hooks, the saga context's
    // type and the theme; another feature's actions are never reached through it.
    target: './src/client/features',
    from: './src/client/app',
    except: ['./hooks.ts', './rootReducer.ts', './sagaContext.ts', './store.ts', './theme.ts'],
    message: 'Shared actions live in src/client/events.',
  },
  { target: './src/client/services', from: './src/client/features' },
  {
    target: './src/client',
    from: './src/scenarios',
    message: 'The portal never imports its replay tooling.',
  },
  {
    target: [
      './src/client/app',
      './src/client/components',
      './src/client/features',
      './src/client/pages',
      './src/client/services',
    ],
    from: './src/client/recording',
    message: 'Only the boot (boot.tsx) loads the recorder, and only with import().',
  },
];
// Components sit below everything that composes them (docs/architecture.md).
const COMPONENTS_ZONE = {
  target: './src/client/components',
  from: [
    './src/client/app',
    './src/client/features',
    './src/client/pages',
    './src/client/prerender',
  ],
  message: 'Components import nothing from app/, pages/, features/ or prerender/.',
};

/** The import boundaries (import-x zones) of the files `files`. */
const importBoundaries = (files, zones) => ({
  files,
  rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'coverage',
      'test-results',
      'docs',
      // Written by `npm run answer-checks` from the contract; answerChecks.test.ts keeps them current.
      'src/client/answerChecks/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { typescript: true, node: true },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': restrictedImports(),
      'no-restricted-syntax': ['error', PRIVATE_PATH_LOADED, FOREIGN_CREATE_REQUIRE],
    },
  },
  // The client never imports server code, and the server never imports client code.
  importBoundaries(['src/client/**/*.{ts,tsx}'], [...CLIENT_ZONES, COMPONENTS_ZONE]),
  // A component's test may render it under the portal's theme from app/, and nothing more.
  importBoundaries(
    ['src/client/components/**/*.test.{ts,tsx}'],
    [
      ...CLIENT_ZONES,
      {
        ...COMPONENTS_ZONE,
        from: COMPONENTS_ZONE.from.filter((from) => from !== './src/client/app'),
      },
    ],
  ),
  // The scenario format sits below the recorder (src/client/recording) and the replay
  // (src/scenarios): both import it, it imports neither.
  importBoundaries(
    ['src/scenarioFormat/**/*.ts'],
    [
      NOT_FROM_TOOLS,
      {
        target: './src/scenarioFormat',
        from: ['./src/client', './src/scenarios', './src/server'],
        message: 'The scenario format depends on the contract only.',
      },
    ],
  ),
  // The recorder (src/client/recording) and the replay (src/scenarios) share only the format.
  importBoundaries(
    ['src/scenarios/**/*.{ts,tsx}'],
    [
      NOT_FROM_TOOLS,
      {
        target: './src/scenarios',
        from: ['./src/client/recording', './src/server'],
        message: 'Replay shares only src/scenarioFormat with the recorder.',
      },
    ],
  ),
  importBoundaries(
    ['src/server/**/*.ts'],
    [
      NOT_FROM_TOOLS,
      NOT_FROM_TESTING,
      {
        target: './src/server',
        from: './src/client',
        message: 'The server never imports client code.',
      },
      {
        // Layers point down: routes → services (services/, auth/, history/) → providers and store;
        // the request-wide plugins (plugins/) serve every layer and are registered by the app alone.
        target: [
          './src/server/auth',
          './src/server/services',
          './src/server/history',
          './src/server/plugins',
          './src/server/providers',
          './src/server/store',
        ],
        from: [
          './src/server/routes',
          './src/server/sandbox',
          './src/server/app.ts',
          './src/server/main.ts',
        ],
        message: "Only the app and the HTTP layer import routes and the sandbox's pages.",
      },
      {
        target: ['./src/server/providers', './src/server/store'],
        from: ['./src/server/auth', './src/server/services', './src/server/history'],
        message: 'Providers and the store sit below the services (services/, auth/, history/).',
      },
      {
        target: './src/server/plugins',
        from: ['./src/server/auth', './src/server/services', './src/server/history'],
        message: 'The plugins sit below the services (services/, auth/, history/).',
      },
      {
        // A route's folder is its scope (docs/architecture.md): one scope's routes never import the other's.
        target: './src/server/routes/open',
        from: './src/server/routes/signed-in',
      },
      {
        target: './src/server/routes/signed-in',
        from: './src/server/routes/open',
      },
      {
        // The change services carry a change with its history; those below them never call them.
        target: ['./src/server/auth', './src/server/history'],
        from: './src/server/services',
        message: 'The change services (services/) sit above auth/ and history/.',
      },
    ],
  ),
  // The contract is shared by everything, so it depends on nothing of the portal.
  importBoundaries(
    ['src/contract/**/*.ts'],
    [
      NOT_FROM_TOOLS,
      NOT_FROM_TESTING,
      {
        target: './src/contract',
        from: ['./src/client', './src/scenarioFormat', './src/scenarios', './src/server'],
        message: 'The contract imports nothing of the portal.',
      },
    ],
  ),
  {
    // googleapis is a dev dependency: the portal takes only its types (docs/architecture.md, Layers).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'googleapis',
              allowTypeImports: true,
              message:
                "googleapis is not installed in production: import type from it, or call through '@googleapis/admin' or googleRest.ts.",
            },
          ],
        },
      ],
    },
  },
  // The fakes and test set-up stand in for Google or run the server: they take the server and the
  // contract; the client's test set-up (src/testing/client) takes the client and the contract.
  importBoundaries(
    ['src/testing/**/*.{ts,tsx}'],
    [
      NOT_FROM_TOOLS,
      {
        target: ['./src/testing/*.ts', './src/testing/!(client)/**'],
        from: ['./src/client', './src/scenarioFormat', './src/scenarios'],
        message: 'src/testing imports the server and the contract only.',
      },
      {
        target: './src/testing/client',
        from: ['./src/server', './src/scenarioFormat', './src/scenarios', './src/client/recording'],
        message: "The client's test set-up imports the client (not its recorder) and the contract.",
      },
    ],
  ),
  {
    files: MONEY_MODULES,
    rules: {
      'no-restricted-syntax': [
        'error',
        PRIVATE_PATH_LOADED,
        FOREIGN_CREATE_REQUIRE,
        ...FLOAT_MONEY,
      ],
    },
  },
  {
    // Each Node loads its own SQLite driver build, so it is required in a branch, by a static name.
    files: ['src/server/providers/sandbox/sqliteDriver.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^better-sqlite3(-napi)?$'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // scripts/ obeys the rules of test/, in JavaScript too.
    files: ['scripts/**/*.{js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': restrictedImports(),
      'no-restricted-syntax': ['error', PRIVATE_PATH_LOADED, FOREIGN_CREATE_REQUIRE],
    },
  },
  prettier,
);
