import { describe, expect, it } from 'vitest';
import { draftAuthorLabel, followUpMailto } from './follow-up-email';

describe('followUpMailto', () => {
  it.each([
    ['grace@example.com', 'Hi', 'mailto:grace@example.com?subject=Following-up&body=Hi'],
    [
      ' grace@example.com ',
      'a & b = c?',
      'mailto:grace@example.com?subject=Following-up&body=a%20%26%20b%20%3D%20c%3F',
    ],
    [
      'grace@example.com',
      'line 1\nline 2\r\nline 3',
      'mailto:grace@example.com?subject=Following-up&body=line%201%0D%0Aline%202%0D%0Aline%203',
    ],
    ['o+tag@example.com', '#1 100%', 'mailto:o%2Btag@example.com?subject=Following-up&body=%231%20100%25'],
    [
      'grace@example.com',
      'Grüße, 日本',
      'mailto:grace@example.com?subject=Following-up&body=Gr%C3%BC%C3%9Fe%2C%20%E6%97%A5%E6%9C%AC',
    ],
  ])('links %j with body %j', (email, body, expected) => {
    expect(followUpMailto(email, body)).toBe(expected);
  });

  it.each([
    [null, 'Hi'],
    ['', 'Hi'],
    ['  ', 'Hi'],
    ['grace@example.com', ''],
    ['grace@example.com', ' \n '],
  ])('is null for email %j and body %j', (email, body) => {
    expect(followUpMailto(email, body)).toBeNull();
  });
});

describe('draftAuthorLabel', () => {
  it('names the provider and, for a model, the model', () => {
    expect(draftAuthorLabel('template', 'template')).toBe('Built-in template (no AI model)');
    expect(draftAuthorLabel('gemini', 'gemini-2.5-flash')).toBe('Gemini · gemini-2.5-flash');
    expect(draftAuthorLabel('openai-compatible', 'llama3.2')).toBe('Your model (OpenAI-compatible server) · llama3.2');
  });
});
