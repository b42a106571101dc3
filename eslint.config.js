import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint setup for the whole repository. The import rules keep the architecture
 * (docs/architecture.md): features never import each other, shared code never imports
 * features, and the apps and the server meet only in packages/contract.
 */
const featureIsolation = (app) => ({
  files: [`apps/${app}/src/features/*/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/features/*/**', '!./**', '!../**'],
            message: 'Features never import each other; compose them in app/.',
          },
          {
            group: ['@smartcare/server/**'],
            message: 'Apps meet the server only through @smartcare/contract.',
          },
        ],
      },
    ],
  },
});

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
  featureIsolation('patient'),
  featureIsolation('staff'),
  {
    files: [
      'apps/*/src/components/**/*.{ts,tsx}',
      'apps/*/src/lib/**/*.{ts,tsx}',
      'apps/*/src/config/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'Shared code never imports features.' }] },
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
