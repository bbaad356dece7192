import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One source for the design tokens (issue 27): the extension's copy of the web's tokens drifted
// (it still led with a font the web had dropped). Both now import libs/contracts/styles/tokens.css.

const REPO = resolve(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(resolve(REPO, path), 'utf8');
const SHARED = "@import '../../../libs/contracts/styles/tokens.css';";

describe('design tokens', () => {
  it('come from the one shared file for the extension and the web app', () => {
    expect(read('extension/src/shared/base.css')).toContain(SHARED);
    expect(read('web/src/styles/theme.css')).toContain(SHARED);
  });

  it('are defined nowhere else in the extension or the web app', () => {
    const token = /^\s*--(color|font|text|space|radius|shadow|leading|weight)-[\w-]+\s*:/m;
    for (const path of ['extension/src/shared/base.css', 'extension/src/popup/popup.css', 'web/src/styles/theme.css']) {
      expect(read(path), path).not.toMatch(token);
    }
    expect(read('libs/contracts/styles/tokens.css')).toMatch(token);
  });

  it('give every script the product shows a face: a CJK fallback in the font stack', () => {
    expect(read('libs/contracts/styles/tokens.css')).toMatch(/--font-sans:[^;]*'Noto Sans CJK SC'[^;]*;/);
  });
});
