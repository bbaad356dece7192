import { describe, expect, it } from 'vitest';
import { SealedBox } from './sealed-box';

describe('SealedBox', () => {
  it('opens what it sealed and hides the plaintext', () => {
    const box = new SealedBox('a'.repeat(40), 'mail');
    const sealed = box.seal('https://app/reset?token=secret');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed)).toBe('https://app/reset?token=secret');
  });

  it('refuses a value sealed with another secret or tampered with', () => {
    const sealed = new SealedBox('a'.repeat(40), 'mail').seal('hello');
    expect(() => new SealedBox('b'.repeat(40), 'mail').open(sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${iv}.${tag}.${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => new SealedBox('a'.repeat(40), 'mail').open(flipped)).toThrow();
  });
});
