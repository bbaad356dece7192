import { describe, expect, it } from 'vitest';
import { DraftBox } from './draft-box';

const draft = {
  response: 'Hi Ada, how did the engine demo go?',
  provider: 'template' as const,
  model: 'template',
  used_interaction_ids: [7, 3],
};

describe('DraftBox', () => {
  it('seals a draft for Redis: nothing of it readable, and only the same secret opens it', () => {
    const box = new DraftBox('a-session-secret-of-enough-length');
    const sealed = box.seal(draft);
    expect(sealed).not.toContain('Ada');
    expect(sealed).not.toContain('template');
    expect(box.open(sealed)).toEqual(draft);
    expect(() => new DraftBox('another-secret-of-enough-length').open(sealed)).toThrow();
  });

  it('packs a draft that never leaves the process as it is', () => {
    const box = new DraftBox(null);
    expect(box.open(box.seal(draft))).toEqual(draft);
  });
});
