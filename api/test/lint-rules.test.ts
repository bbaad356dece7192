import { ESLint, Linter } from 'eslint';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Tend's own lint rules (eslint-rules.mjs), on samples, and wired into eslint.config.mjs.

const REPO = resolve(__dirname, '..', '..');
const MODULES = resolve(REPO, 'api', 'src', 'modules');

let linter: Linter;
let plugin: ESLint.Plugin;

beforeAll(async () => {
  ({ tendRules: plugin } = (await import(pathToFileURL(resolve(REPO, 'eslint-rules.mjs')).href)) as {
    tendRules: ESLint.Plugin;
  });
  linter = new Linter({ cwd: REPO });
});

/** The messages of Tend's rules for `code` as the file at `path` (below the repository). */
function lint(code: string, path: string): string[] {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
          plugins: { tend: plugin },
          rules: {
            'tend/no-other-module-entity': ['error', { modulesDir: MODULES }],
            'tend/no-stacked-doc-comments': 'error',
            'tend/words-from-one-place': 'error',
          },
        },
      ],
      resolve(REPO, path),
    )
    .map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('no-other-module-entity', () => {
  const inNotifications = 'api/src/modules/notifications/notifications.service.ts';

  it('refuses a module importing another module’s entity class', () => {
    const messages = lint(`import { Interaction } from '../interactions/interaction.entity';\n`, inNotifications);
    expect(messages).toEqual([
      expect.stringContaining(
        'tend/no-other-module-entity: modules/notifications imports an entity of modules/interactions',
      ),
    ]);
  });

  it('refuses it from a module’s subfolder, and as a re-export', () => {
    expect(lint(`import { User } from '../../users/user.entity';\n`, 'api/src/modules/mail/jobs/x.ts')).toHaveLength(1);
    expect(lint(`export { User } from '../users/user.entity';\n`, inNotifications)).toHaveLength(1);
  });

  it('lets a module import its own entities, and another module’s entity as a type only', () => {
    expect(lint(`import { Notification } from './notification.entity';\n`, inNotifications)).toEqual([]);
    expect(
      lint(`import { Notification } from '../notification.entity';\n`, 'api/src/modules/notifications/jobs/x.ts'),
    ).toEqual([]);
    expect(lint(`import type { Interaction } from '../interactions/interaction.entity';\n`, inNotifications)).toEqual(
      [],
    );
    expect(lint(`import { type Interaction } from '../interactions/interaction.entity';\n`, inNotifications)).toEqual(
      [],
    );
  });

  it('does not cover files outside modules/ (app/entities.ts lists every entity)', () => {
    expect(lint(`import { User } from '../modules/users/user.entity';\n`, 'api/src/app/entities.ts')).toEqual([]);
  });
});

describe('no-stacked-doc-comments', () => {
  const file = 'api/src/modules/notifications/notifications.service.ts';

  it('refuses two doc comments in a row, the first documenting nothing', () => {
    const code = `/** Unread notifications not yet in a reminder email. */\n/** Every notification of a user. */\nexport const allOf = 1;\n`;
    expect(lint(code, file)).toEqual([
      expect.stringContaining('tend/no-stacked-doc-comments: Two doc comments in a row'),
    ]);
  });

  it('lets a doc comment follow code, a plain comment, or a file’s own doc comment set off by a blank line', () => {
    expect(lint(`/** One. */\nexport const a = 1;\n/** Two. */\nexport const b = 2;\n`, file)).toEqual([]);
    expect(lint(`/* Not a doc comment. */\n/** Two. */\nexport const b = 2;\n`, file)).toEqual([]);
    expect(lint(`/**\n * The file.\n */\n\n/** Two. */\nexport const b = 2;\n`, file)).toEqual([]);
  });
});

describe('words-from-one-place', () => {
  const screen = 'web/src/features/auth/components/log-in-page.tsx';
  const refused = (code: string) => lint(code, screen).filter((m) => m.startsWith('tend/words-from-one-place'));

  it('refuses the product’s words spelled out in strings, templates and JSX text', () => {
    expect(refused(`export const a = 'Forgot your password?';\n`)).toHaveLength(1);
    expect(refused(`export const a = <a>Log Out</a>;\n`)).toHaveLength(1);
    expect(refused(`export const a = <p title="Delete account?" />;\n`)).toHaveLength(1);
    expect(refused('export const a = (n: string) => `Moving ${n} was cancelled.`;\n')).toHaveLength(1);
    expect(refused(`export const a = 'Loading tiers…';\n`)).toHaveLength(1);
    expect(refused(`export const a = 'Tier';\n`)).toHaveLength(1);
    expect(refused(`export const a = 'The free plan holds 25 contacts. Upgrade for unlimited cards.';\n`)).toEqual([
      expect.stringContaining('counts in both contacts and cards'),
    ]);
  });

  it('lets code through: one lowercase token, kebab-case names, SQL, module paths', () => {
    expect(refused(`export const a = 'cancelled';\nexport const b = ['tiers'];\n`)).toEqual([]);
    expect(refused(`export const a = <div className="tier-column tier-column--target" />;\n`)).toEqual([]);
    expect(refused(`export const a = 'select id from tiers where user_id = ?';\n`)).toEqual([]);
    // Every piece of an SQL template is SQL, also the ones after an interpolation.
    expect(refused('export const a = (cols: string) => `select ${cols}, t.name as tier_name from tiers t`;\n')).toEqual(
      [],
    );
    expect(refused(`import { LogOutDialog } from './log-out-dialog';\nexport const b = LogOutDialog;\n`)).toEqual([]);
    expect(refused(`export const a = 'Keep every contact card you need.';\n`)).toEqual([]);
  });
});

describe('eslint.config.mjs', () => {
  it('turns both rules on for the modules, and the entity rule off for entity files', async () => {
    const eslint = new ESLint({ cwd: REPO });
    const service = (await eslint.calculateConfigForFile(
      resolve(MODULES, 'notifications', 'notifications.service.ts'),
    )) as {
      rules: Record<string, unknown[]>;
    };
    expect(service.rules['tend/no-other-module-entity']?.[0]).toBe(2);
    expect(service.rules['tend/no-stacked-doc-comments']?.[0]).toBe(2);
    const entity = (await eslint.calculateConfigForFile(resolve(MODULES, 'interactions', 'interaction.entity.ts'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(entity.rules['tend/no-other-module-entity']).toBeUndefined();
    const web = (await eslint.calculateConfigForFile(resolve(REPO, 'web', 'src', 'main.tsx'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(web.rules['tend/no-stacked-doc-comments']?.[0]).toBe(2);
    // The words rule covers what people read: the SPA, the extension, the API (its messages and emails).
    for (const file of [
      'web/src/main.tsx',
      'extension/src/popup/popup-views.ts',
      'api/src/modules/mail/templates/layout.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(resolve(REPO, file))) as { rules: Record<string, unknown[]> };
      expect(config.rules['tend/words-from-one-place']?.[0]).toBe(2);
    }
    const words = (await eslint.calculateConfigForFile(resolve(REPO, 'libs/contracts/src/words.ts'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(words.rules['tend/words-from-one-place']).toBeUndefined();
  });
});
