// Process boundaries (docs/architecture.md, "Folders and what they may import") are enforced here, not by
// good intentions.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'Only the main process and the server may use Node built-ins.',
};
const electron = {
  name: 'electron',
  message: 'Only main/electron and the Electron preload may import electron.',
};
const folder = (name, why) => ({ group: [`**/${name}/*`, `**/${name}`], message: why });
const serverPatterns = [
  folder('main', 'The server imports only shared/.'),
  folder('renderer', 'The server imports only shared/.'),
  folder('preload', 'The server imports only shared/.'),
];
const routesNoSql = "A group's routes.ts parses, calls and answers: queries and tables belong in its store.";

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, { name: 'react', message: 'shared/ is pure: no React.' }],
          patterns: [
            nodeBuiltins,
            folder('main', 'shared/ imports nothing of ours but shared/.'),
            folder('renderer', 'shared/ imports nothing of ours but shared/.'),
            folder('server', 'shared/ imports nothing of ours but shared/.'),
            folder('preload', 'shared/ imports nothing of ours but shared/.'),
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [
            nodeBuiltins,
            folder('main', 'The renderer reaches the main process only through the bridge.'),
            folder('server', 'The renderer reaches the server only through the bridge.'),
            folder('preload', 'The renderer uses window.consoleApi through renderer/lib/bridge.'),
          ],
        },
      ],
    },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            folder('main', 'The preload builds window.consoleApi from shared/ only.'),
            folder('renderer', 'The preload builds window.consoleApi from shared/ only.'),
            folder('server', 'The preload builds window.consoleApi from shared/ only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [
            folder('renderer', 'The main process never imports the renderer.'),
            folder('preload', 'The main process never imports the preload.'),
          ],
        },
      ],
    },
  },
  {
    files: ['main/electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            folder('renderer', 'The main process never imports the renderer.'),
            folder('preload', 'The main process never imports the preload.'),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: serverPatterns }],
    },
  },
  {
    // A group's routes parse, call and answer (issue 26): the SQL lives in the group's store.
    files: ['server/*/routes.ts', 'server/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electron,
            ...['drizzle-orm', 'drizzle-orm/pg-core'].map((name) => ({ name, message: routesNoSql })),
          ],
          patterns: [
            ...serverPatterns,
            { group: ['drizzle-orm/*', '**/tables', '**/db/schema'], message: routesNoSql },
          ],
        },
      ],
    },
  },
);
