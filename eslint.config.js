import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = [
  'namespaces',
  'containers',
  'container-jobs',
  'registries',
  'volumes',
  'databases',
  'access',
  'billing',
  'audit-log',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/portal/src/gql/**',
      'apps/portal/src/app/route-tree.gen.ts',
      'apps/server/src/generated/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features meet only in app/: a feature imports itself and the shared folders.
            ...features.map((name) => ({
              target: `./apps/portal/src/features/${name}`,
              from: './apps/portal/src/features',
              except: [`./${name}`],
              message: 'A feature imports only itself and shared folders; features meet in app/.',
            })),
            {
              target: './apps/portal/src/components',
              from: ['./apps/portal/src/features', './apps/portal/src/app'],
              message: 'Shared components do not depend on features or the app.',
            },
            // Resolvers stay thin: SQL lives in stores.
            {
              target: './apps/server/src/modules/*/resolvers.ts',
              from: ['./apps/server/src/db/**', './apps/server/src/modules/*/store.ts'],
              message: 'Resolvers never touch SQL: call the service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
