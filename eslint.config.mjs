// Tooling is the style guide: typed rules (no floating promises, no misused promises) everywhere.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tendRules } from './eslint-rules.mjs';

// The web app's layers (web/README.md): features never import each other (app/ composes them);
// shared building blocks (components/ui, lib) import no feature and not the app.
const webSrc = join(import.meta.dirname, 'web', 'src');
const features = readdirSync(join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = [
  ...features.map((feature) => ({
    target: join(webSrc, 'features', feature),
    from: join(webSrc, 'features'),
    except: [`./${feature}`],
    message:
      'Features never import each other: compose them in web/src/app, or move the piece both need to components/ui or lib.',
  })),
  {
    target: join(webSrc, 'features'),
    from: join(webSrc, 'app'),
    message: 'A feature does not import the app: the app composes features, not the other way round.',
  },
  {
    target: [join(webSrc, 'components'), join(webSrc, 'lib')],
    from: [join(webSrc, 'features'), join(webSrc, 'app')],
    message: 'Shared building blocks (components/ui, lib) import no feature and not the app.',
  },
];

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
    // Tend's own rules (eslint-rules.mjs). A doc comment belongs right above the code it describes.
    plugins: { tend: tendRules },
    rules: { 'tend/no-stacked-doc-comments': 'error' },
  },
  {
    // The product's words are written once, in libs/contracts/src/words.ts (issue 27 point 8):
    // everything a person reads (the SPA, the extension, the API's messages and emails) takes them
    // from there. Tests may spell a word out: they check what a person sees.
    files: ['web/src/**/*.{ts,tsx}', 'extension/src/**/*.ts', 'api/src/**/*.ts', 'libs/contracts/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/test/**', 'libs/contracts/src/words.ts'],
    rules: { 'tend/words-from-one-place': 'error' },
  },
  {
    // A module writes only its own tables, through its own entities; another module's rows go
    // through that module's service (a type import of its entity is fine). Allowed on purpose:
    // entity files, whose relations (`@ManyToOne(() => User)`) are how the schema names a foreign
    // key; and everything outside modules/, which this does not cover: app/entities.ts (MikroORM's
    // list of every entity), the migrations, and the tests, which set up rows directly. The reminders
    // fan-out's set-based SQL (reminders.queries.ts) reads users and contacts without their
    // entities, and says why.
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/modules/**/*.entity.ts'],
    rules: {
      'tend/no-other-module-entity': ['error', { modulesDir: join(import.meta.dirname, 'api', 'src', 'modules') }],
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
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `@/...` and `@tend/contracts` as web/tsconfig.json maps them.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: join(import.meta.dirname, 'web', 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayers }],
      // The zones only see imports that resolve: an import the resolver cannot follow is an error.
      'import-x/no-unresolved': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./',
              message:
                'Import shared code by its place (@/lib/..., @/components/ui/...); a relative import stays inside its feature or folder.',
            },
          ],
        },
      ],
    },
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
