import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Every query lives in a repository (docs/architecture.md, "Boundaries"): the table's owner
    // decides how it is read and written, and a reader finds every query of a table in one place.
    files: ['server/src/**/*.ts'],
    ignores: [
      '**/repository.ts',
      '**/*-repository.ts',
      '**/*.test.ts',
      'server/src/modules/stock/ledger.ts',
      'server/src/db/migrate.ts',
      'server/src/db/migrations/**',
      'server/src/seed/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto)$/]',
          message:
            "Queries live in the module's repository (repository.ts or *-repository.ts), the stock ledger, migrations or the seed: add a method there and call it.",
        },
        {
          selector:
            "CallExpression[callee.property.name='execute'][callee.object.type='TaggedTemplateExpression'][callee.object.tag.name='sql']",
          message:
            "Raw SQL queries live in the module's repository (repository.ts or *-repository.ts), the stock ledger, migrations or the seed: add a method there and call it.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
