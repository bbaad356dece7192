import { describe, expect, it } from 'vitest';
import { cutAtSentence, finishDraft } from './draft-text';

describe('cutAtSentence', () => {
  it('leaves a short text alone', () => {
    expect(cutAtSentence('Hi Ada. How are you?', 1000)).toBe('Hi Ada. How are you?');
  });

  it('cuts at the last sentence end within the limit', () => {
    const text = 'One sentence here. Two sentences here! Three sentences here? Four.';
    expect(cutAtSentence(text, 45)).toBe('One sentence here. Two sentences here!');
    expect(cutAtSentence(text, 60)).toBe('One sentence here. Two sentences here! Three sentences here?');
  });

  it('does not take a decimal point or an abbreviation cut short for a sentence end', () => {
    expect(cutAtSentence('We raised 3.14 million. Then more happened here.', 14)).not.toBe('We raised 3.');
    expect(cutAtSentence('We raised 3.14 million. Then more happened here.', 30)).toBe('We raised 3.14 million.');
  });

  it('falls back to a word boundary with an ellipsis when no sentence ends in reach', () => {
    const cut = cutAtSentence('word '.repeat(300), 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(/word…$/);
  });

  it('never answers more than the limit', () => {
    for (const text of ['a. '.repeat(600), 'x'.repeat(2000), 'Hello there. '.repeat(100)])
      expect(cutAtSentence(text, 1000).length).toBeLessThanOrEqual(1000);
  });
});

describe('finishDraft', () => {
  it('makes a model’s answer plain, tidy text', () => {
    expect(finishDraft('  "Hi **Ada**,\r\n\r\n\r\n\r\nThanks!\u0007"  ')).toBe('Hi Ada,\n\nThanks!');
    expect(finishDraft('Hi Ada,\n\nSee you soon.\nGrace')).toBe('Hi Ada,\n\nSee you soon.\nGrace');
  });
});
