import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Paths below are relative to this file, wherever ESLint is started from.
const root = fileURLToPath(new URL('.', import.meta.url));
const api = './apps/api/src';
const web = './apps/web/src';
const directories = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// Read from the tree, so a new feature is covered the day it is added.
const WEB_FEATURES = directories(`${web}/features`);
const API_MODULES = directories(`${api}/modules`).filter((name) => name !== 'app');
// Adapters: the outside world behind a port; they know their own module, the kernel and db.
const API_ADAPTERS = [
  ['payments', 'stripe-provider.ts'],
  ['payments', 'sandbox-*.ts'],
  ['storage', '*-storage.ts'],
  ['mail', 'mail.transport.ts'],
  ['company-lookup', 'gus-bir.ts'],
];
/** What may be imported of the API modules from outside them: the kernel and each face (index.ts). */
const apiFaces = (except) => [
  './app',
  ...API_MODULES.filter((name) => name !== except).map((name) => `./${name}/index.ts`),
];

/** The direction of imports, as drawn in docs/layers.md. */
export const layerZones = [
  // Shared rules know no app.
  { target: './packages/shared', from: './apps', message: 'packages/shared is below the apps.' },
  // API: db < kernel (modules/app) < features < composition root.
  { target: `${api}/db`, from: `${api}/modules`, message: 'The schema knows no module.' },
  {
    target: `${api}/modules/app`,
    from: `${api}/modules`,
    except: ['./app'],
    message: 'The kernel (modules/app) imports no feature: take what it needs as a parameter.',
  },
  {
    target: `${api}/modules`,
    from: `${api}/composition`,
    message: 'Only server.ts and tests use the composition root.',
  },
  // Each feature's face is its index.ts: another feature, the composition root, server.ts and
  // the CLI import that file and the kernel, never a feature's inner file (routes, repo, service).
  ...API_MODULES.map((name) => ({
    target: `${api}/modules/${name}`,
    from: `${api}/modules`,
    except: [`./${name}`, ...apiFaces(name)],
    message:
      'A feature imports another feature only through its face (index.ts): export what others may use there.',
  })),
  {
    target: [`${api}/composition`, `${api}/cli`, `${api}/server.ts`],
    from: `${api}/modules`,
    except: apiFaces(null),
    message: 'The composition root wires features through their faces (index.ts), not their inner files.',
  },
  ...API_ADAPTERS.map(([own, files]) => ({
    target: `${api}/modules/${own}/${files}`,
    from: API_MODULES.filter((name) => name !== own).map((name) => `${api}/modules/${name}`),
    message: 'Adapters never import features: only their own port, the kernel and db.',
  })),
  // Web: lib < components < features < app (routes and wiring).
  {
    target: [`${web}/lib`, `${web}/components`],
    from: [`${web}/features`, `${web}/app`],
    message: 'lib and components are shared: they import no feature and no route.',
  },
  ...WEB_FEATURES.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'A web feature imports no other feature: move what both need to components/ or lib/.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'apps/web/build/**',
      'apps/web/.bench/**',
      'apps/web/.react-router/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts file it imports, and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // The same TypeScript ESTree as @typescript-eslint/parser, without the scope analysis that
      // import-x never reads (scripts/lint/imports-parser.cjs, decision 058).
      'import-x/parsers': { [`${root}scripts/lint/imports-parser.cjs`]: ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api', 'apps/web', 'packages/shared'].map((dir) => `${root}${dir}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
      // One lint run sees no file change: a resolved import stays resolved for the whole run, instead
      // of being resolved again every 30 s (import-x's default), which under load is many times.
      'import-x/cache': { lifetime: '∞' },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // No file imports a test file (the rule below), so a test file is in no import cycle: no-cycle,
    // the costliest rule (a walk of every import reachable from each file), skips the test files
    // and still finds every cycle, from the files in it (decision 058).
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/shared/src/**/*.test.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.test(\\.[cm]?[jt]sx?)?$',
              message: 'A test file is imported by nothing: move what is shared into a helper file.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/\\.test(\\.[cm]?[jt]sx?)?$/]',
          message: 'A test file is imported by nothing: move what is shared into a helper file.',
        },
      ],
    },
  },
  {
    // Tests may reach across layers: they render the whole app or drive a feature from outside.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: root }] },
  },
);
