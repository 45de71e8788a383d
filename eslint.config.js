import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries, MODULE_INDEX_FILES, MODULE_INDEX_SYNTAX, SERVER_SYNTAX, SERVER_TEST_FILES } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The allowed arrows between shared, web areas, boot, http, db, adapters and modules.
  ...boundaries,
  // Server code the reader can trust at a glance (issue 27 item 11); tests may do anything.
  {
    files: ['src/server/**/*.ts'],
    ignores: [...SERVER_TEST_FILES, 'src/server/db/privileged-scopes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_SYNTAX] },
  },
  // A module's API (its index.ts) is services taking the ctx first, not its repo.
  {
    files: MODULE_INDEX_FILES,
    rules: { 'no-restricted-syntax': ['error', ...SERVER_SYNTAX, ...MODULE_INDEX_SYNTAX] },
  },
);
