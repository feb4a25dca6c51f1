import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { serverBoundaries } from './eslint/server-boundaries.js';

const portal = './apps/portal/src';
// Every feature folder there is, so a new feature is fenced in the moment it exists.
const features = readdirSync(new URL(`${portal}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// File and folder names in the portal: kebab-case (micromatch patterns of eslint-plugin-check-file, matched
// against the name before its first dot). Route files follow TanStack Router's naming, which the address
// they mirror decides: `$param` segments, `_layout` folders without a path segment, `__root`, `$` (any rest).
const kebabCase = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const routeSegment = `@(${kebabCase}|$+([a-zA-Z0-9])|_${kebabCase}|__root|$)`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/portal/src/gql/**',
      'apps/portal/src/app/route-tree.gen.ts',
      'apps/server/src/generated/**',
      'apps/server/test/generated/**',
      // Breaks the server's boundaries on purpose: apps/server/test/repository/lint-boundaries.test.ts lints it.
      'apps/server/test/fixtures/boundaries/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // The TypeScript resolver reads the portal's tsconfig for its `@/` alias (apps/portal/src); the other
    // packages resolve as before.
    settings: { 'import-x/resolver': { typescript: { project: ['apps/portal/tsconfig.json'] }, node: true } },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features meet only in app/: a feature imports itself and the shared folders.
            ...features.map((name) => ({
              target: `${portal}/features/${name}`,
              from: `${portal}/features`,
              except: [`./${name}`],
              message: 'A feature imports only itself and shared folders; features meet in app/.',
            })),
            {
              target: `${portal}/features`,
              from: `${portal}/app`,
              message: 'Features do not import the app: app/ composes them.',
            },
            {
              target: `${portal}/components`,
              from: [`${portal}/features`, `${portal}/app`],
              message: 'Shared components do not depend on features or the app.',
            },
            {
              target: [`${portal}/lib`, `${portal}/config`],
              from: [`${portal}/components`, `${portal}/features`, `${portal}/app`],
              message: 'lib/ and config/ are the bottom layer: they import no components, features or app.',
            },
          ],
        },
      ],
    },
  },
  ...serverBoundaries('apps/server/src'),
  {
    files: ['apps/portal/**/*.{js,ts,tsx}'],
    ignores: ['apps/portal/src/app/routes/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': kebabCase },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'apps/portal/**/': kebabCase }],
    },
  },
  {
    files: ['apps/portal/src/app/routes/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': routeSegment },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'apps/portal/src/app/routes/**/': routeSegment }],
    },
  },
  {
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
