import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint setup for the whole repository. The import rules keep the architecture
 * (docs/architecture.md) and are checked on resolved paths (import-x/no-restricted-paths),
 * so a relative `../other-feature/...` is caught as surely as any other spelling.
 * `lint-boundaries.test.ts` plants a violation of each rule and expects its error.
 */
const root = dirname(fileURLToPath(import.meta.url));
const foldersIn = (relative) =>
  readdirSync(join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURES_APART = 'Features never import each other; compose them in app/.';
const SHARED_APART = 'Shared code (lib/, components/, config/) never imports features.';

/** One zone per feature: it may import its own folder, never another feature's. */
const featureZones = (app) =>
  foldersIn(`apps/${app}/src/features`).map((feature) => ({
    target: `./apps/${app}/src/features/${feature}`,
    from: `./apps/${app}/src/features`,
    except: [`./${feature}`],
    message: FEATURES_APART,
  }));

const appZones = (app, other) => [
  ...featureZones(app),
  ...['lib', 'components', 'config'].map((shared) => ({
    target: `./apps/${app}/src/${shared}`,
    from: `./apps/${app}/src/features`,
    message: SHARED_APART,
  })),
  {
    target: `./apps/${app}`,
    from: `./apps/${other}`,
    message: 'The patient app and the staff console never import each other.',
  },
  {
    target: `./apps/${app}`,
    from: './apps/server',
    message: 'Apps meet the server only through @smartcare/contract.',
  },
];

// issue 11, server modules
const MODULES_APART =
  'A server module reaches another module only through its service (*.service.ts) or entry (*.module.ts), passed in from app.ts; never its repository or tables.';

/**
 * One zone per server module: it may import its own folder and other modules' `*.service.ts`
 * and `*.module.ts`, nothing else of theirs. Globs, because the allowed files sit in every
 * module folder (exceptions of a glob zone are absolute globs).
 */
const serverModuleZones = () => {
  const modules = join(root, 'apps/server/src/modules');
  return foldersIn('apps/server/src/modules').map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules/**/*',
    except: [`${modules}/${module}/**/*`, `${modules}/*/*.service.ts`, `${modules}/*/*.module.ts`],
    message: MODULES_APART,
  }));
};

const boundaryZones = [
  ...appZones('patient', 'staff'),
  ...appZones('staff', 'patient'),
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    message: 'Plugins never import modules; app.ts wires modules onto plugins.',
  },
  { target: './apps', from: './e2e', message: 'Nothing under apps/ imports the end-to-end tests.' },
  { target: './apps', from: './bench', message: 'Nothing under apps/ imports the benchmarks.' },
  { target: './packages/contract', from: './apps', message: 'The contract depends on nothing of ours.' },
  // issue 11, server modules
  ...serverModuleZones(),
  // Client core (issue 11): what differs between the apps is passed in, never imported.
  {
    target: './packages/web-core',
    from: './apps',
    message: 'The client core (web-core) imports no app; the apps pass in what differs.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/patient/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }] },
  },
  {
    files: ['apps/patient/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@smartcare/server', '@smartcare/server/**'],
              message: 'Apps meet the server only through @smartcare/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@smartcare/server*', '@smartcare/patient*', '@smartcare/staff*'],
              message: 'The contract depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
