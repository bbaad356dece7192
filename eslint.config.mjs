// Tooling is the style guide: typed rules (no floating promises, no misused promises) everywhere.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      'docs/**',
      '**/*.d.ts',
      'extension/**/*.js',
      'api/src/infra/database/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // NestJS injects by constructor metadata: a type-only import would erase the injection token.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Layers: infra (database, http, queue, mail, storage...) is the ground the domain modules stand
    // on; it never reaches up into a module or into the composition root. Modules may use infra.
    files: ['api/src/infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/app/**'],
              message:
                'infra/ never imports modules/ or app/: pass what it needs in from the composition root (app/), or move the shared piece into infra.',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain modules are composed by app/, never the other way round.
    files: ['api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/cli/**'],
              message: 'modules/ never import the composition root (app/) or the CLI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Vite's config files belong to web/tsconfig.node.json, which the project service does not pick.
    files: ['web/*.config.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './web/tsconfig.node.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // The extension's pages, service worker and content script run in Chrome.
    files: ['extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, chrome: 'readonly' } },
  },
  {
    // The extension's build (Vite configs, manifest and icon writers) belongs to extension/tsconfig.node.json.
    files: ['extension/*.config.ts', 'extension/build/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './extension/tsconfig.node.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
