// Lint: typescript-eslint strict, hooks rules, import boundaries (shared → features → app) and no cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'coverage', 'test-results', 'docs'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
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
      // Typed hooks only, so state and dispatch stay typed: components use useAppDispatch / useAppSelector.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch/useAppSelector from app/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client never imports server code, and the server never imports client code.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client',
              from: './src/server',
              message: 'The client talks to the server over HTTP only.',
            },
            {
              target: './src/client/features/session',
              from: './src/client/features',
              except: ['./session'],
            },
            {
              target: './src/client/features/subscription',
              from: './src/client/features',
              except: ['./subscription'],
            },
            {
              target: './src/client/features/delegates',
              from: './src/client/features',
              except: ['./delegates'],
            },
            {
              target: './src/client/features/errors',
              from: './src/client/features',
              except: ['./errors'],
            },
            {
              target: './src/client/features/history',
              from: './src/client/features',
              except: ['./history'],
            },
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
              // From the app layer a feature takes only the store's types, the saga context's type
              // and the theme; another feature's actions are never reached through it.
              target: './src/client/features',
              from: './src/client/app',
              except: ['./rootReducer.ts', './sagaContext.ts', './store.ts', './theme.ts'],
              message: 'Shared actions live in src/client/events.',
            },
            { target: './src/client/services', from: './src/client/features' },
            { target: './src/client/components', from: './src/client/features' },
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
                './src/client/test',
              ],
              from: './src/client/recording',
              message: 'Only the boot (index.tsx) loads the recorder, and only with import().',
            },
          ],
        },
      ],
    },
  },
  {
    // The scenario format sits below the recorder (src/client/recording) and the replay
    // (src/scenarios): both import it, it imports neither.
    files: ['src/scenarioFormat/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/scenarioFormat',
              from: ['./src/client', './src/scenarios', './src/server'],
              message: 'The scenario format depends on the contract only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The recorder (src/client/recording) and the replay (src/scenarios) share only the format.
    files: ['src/scenarios/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/scenarios',
              from: ['./src/client/recording', './src/server'],
              message: 'Replay shares only src/scenarioFormat with the recorder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server',
              from: './src/client',
              message: 'The server never imports client code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
