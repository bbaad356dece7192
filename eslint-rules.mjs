// Tend's own lint rules (eslint.config.mjs turns them on; api/test/lint-rules.test.ts tests them).
import { dirname, relative, resolve, sep } from 'node:path';

/** The module a file belongs to: the first folder below `modulesDir`, or null outside it. */
function moduleOf(file, modulesDir) {
  const path = relative(modulesDir, file);
  if (path.startsWith('..') || path === '' || !path.includes(sep)) return null;
  return path.split(sep)[0];
}

/** An import that brings in types only (`import type {...}`, or every specifier `type X`). */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/**
 * A module reads and writes another module's table only through that module's service, so it does
 * not import the other module's entity class (which `em.find`, `em.create` and `em.getReference`
 * need). A type import is fine: it names what the other service hands over, and cannot query.
 */
const noOtherModuleEntity = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      entity:
        'modules/{{from}} imports an entity of modules/{{to}} ({{source}}): go through that module’s service, or import the type only (`import type`).',
    },
  },
  create(context) {
    const modulesDir = context.options[0]?.modulesDir;
    if (!modulesDir) return {};
    const from = moduleOf(context.filename, modulesDir);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.') || isTypeOnly(node)) return;
      if (!/\.entity(\.[cm]?[jt]s)?$/.test(source)) return;
      const to = moduleOf(resolve(dirname(context.filename), source), modulesDir);
      if (to && to !== from) context.report({ node, messageId: 'entity', data: { from, to, source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Two doc comments in a row with no code between them: the first documents nothing (it was left
 * behind when the code it described moved, or is a stale duplicate of the second). A file's own
 * doc comment, set off from the first declaration's by a blank line, is not one of them.
 */
const noStackedDocComments = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      stacked:
        'Two doc comments in a row: this one documents nothing. Move it above the code it describes, or merge it into the next.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    const isDoc = (comment) => comment.type === 'Block' && comment.value.startsWith('*') && comment.value !== '*';
    return {
      Program() {
        const comments = source.getAllComments();
        for (let i = 0; i + 1 < comments.length; i++) {
          const [first, second] = [comments[i], comments[i + 1]];
          if (!isDoc(first) || !isDoc(second)) continue;
          const between = source.text.slice(first.range[1], second.range[0]);
          if (between.trim() === '' && between.split('\n').length <= 2) {
            context.report({ loc: first.loc, messageId: 'stacked' });
          }
        }
      },
    };
  },
};

/**
 * The product's words live in libs/contracts/src/words.ts (issue 27 point 8): a user-visible
 * string elsewhere that spells one of its phrases is how two screens came to say "Log out" and
 * "Log Out", "tier" and "column", "Canceled" and "cancelled". Strings of one lowercase token
 * ('cancelled' as a state, 'tiers' as a query key) and words inside a kebab-case name
 * ('tier-column') are code, not words, and pass.
 */
const WORD_CHECKS = [
  { pattern: /forgot your password/i, word: 'WORDS.forgotPassword' },
  { pattern: /\blog ?out\b(?![-_])/i, word: 'WORDS.logOut, WORDS.logOutMenuItem or WORDS.logOutTitle' },
  { pattern: /\bdelete account\b/i, word: 'WORDS.deleteAccountHeading, …Title or …Confirm' },
  { pattern: /\bcancelled\b/i, word: 'WORDS.canceled, or spell it the US way (“canceled”)' },
  { pattern: /(^|[^-\w])tiers?(?![-\w])/i, word: 'WORDS.column ("column", never "tier")' },
];

/** SQL (board.queries.ts and the like) names tables, not things a person reads. */
const SQL = /^\s*(select|update|insert|delete|from|with|where|join|and|order by)\b/;

/** "contacts" and "cards" in one message: the allowance is counted in contacts. */
const MIXED_COUNT = /\bcontacts\b[\s\S]*\bcards?\b|\bcards?\b[\s\S]*\bcontacts\b/i;

const wordsFromOnePlace = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      word: 'User-visible "{{text}}": take it from {{word}} in @tend/contracts (libs/contracts/src/words.ts), the one place the product’s words are written.',
      mixed:
        'User-visible "{{text}}" counts in both contacts and cards: the allowance is counted in contacts (libs/contracts/src/words.ts).',
    },
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text !== 'string' || SQL.test(text)) return;
      if (!/\s/.test(text.trim()) && !/^[A-Z]/.test(text.trim())) return;
      const shown = text.trim().slice(0, 60);
      for (const { pattern, word } of WORD_CHECKS) {
        if (pattern.test(text)) {
          context.report({ node, messageId: 'word', data: { text: shown, word } });
          return;
        }
      }
      if (MIXED_COUNT.test(text)) context.report({ node, messageId: 'mixed', data: { text: shown } });
    };
    const isModuleSource = (node) =>
      ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(
        node.parent?.type,
      );
    return {
      Literal(node) {
        if (!isModuleSource(node)) check(node, node.value);
      },
      TemplateElement(node) {
        // A piece of an SQL template (after `${COLUMNS}`, say) is SQL when the template starts as SQL.
        const first = node.parent?.quasis?.[0]?.value.cooked;
        if (typeof first === 'string' && SQL.test(first)) return;
        check(node, node.value.cooked);
      },
      JSXText(node) {
        check(node, node.value);
      },
    };
  },
};

export const tendRules = {
  rules: {
    'no-other-module-entity': noOtherModuleEntity,
    'no-stacked-doc-comments': noStackedDocComments,
    'words-from-one-place': wordsFromOnePlace,
  },
};
