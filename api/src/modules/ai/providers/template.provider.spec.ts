import { DRAFT_PURPOSES, DRAFT_TONES } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { finishDraft } from '../draft-text';
import { buildPrompt, type DraftContext } from '../prompt-builder';
import { TemplateProvider } from './template.provider';

const base: DraftContext = {
  sender: { name: 'Grace Hopper' },
  contact: {
    name: 'Ada Lovelace',
    title: 'Analyst',
    company: 'Analytical Engines',
    connectionDescription: null,
    dateConnected: '2024-05-01',
  },
  interactions: [
    { id: 7, date: '2025-03-03', method: 'Virtual call', notes: 'Engines.', nextContactDate: null },
    { id: 6, date: '2025-01-03', method: 'Email', notes: 'Numbers.', nextContactDate: null },
  ],
  tone: 'warm',
  purpose: 'check-in',
  today: '2025-04-01',
};

async function draft(context: DraftContext) {
  return new TemplateProvider().write({ context, prompt: buildPrompt(context) });
}

describe('TemplateProvider', () => {
  it('names the last interaction, how and when, and reports it as the one it used', async () => {
    const written = await draft(base);
    expect(written.text).toContain('our video call on March 3');
    expect(written.text).not.toContain('2025');
    expect(written.usedInteractionIds).toEqual([7]);
    expect(written.model).toBe('template');
    expect((await draft({ ...base, today: '2026-01-10' })).text).toContain('March 3, 2025');
  });

  it('greets and signs off by tone', async () => {
    expect((await draft(base)).text).toMatch(/^Hi Ada,\n\n[\s\S]+\n\nBest,\nGrace$/);
    expect((await draft({ ...base, tone: 'brief' })).text).toMatch(/^Hi Ada,[\s\S]+\n\nThanks,\nGrace$/);
    expect((await draft({ ...base, tone: 'formal' })).text).toMatch(
      /^Dear Ada Lovelace,[\s\S]+\n\nKind regards,\nGrace Hopper$/,
    );
  });

  it('writes something different for every tone and purpose, with or without history, within 1000 characters', async () => {
    for (const interactions of [base.interactions, []]) {
      const texts = new Set<string>();
      for (const tone of DRAFT_TONES)
        for (const purpose of DRAFT_PURPOSES) {
          const { text, usedInteractionIds } = await draft({ ...base, tone, purpose, interactions });
          expect(finishDraft(text)).toBe(text);
          expect(text.length).toBeLessThanOrEqual(1000);
          if (interactions.length > 0) expect(text, `${tone} ${purpose}`).toContain('our video call on March 3');
          else expect(usedInteractionIds).toEqual([]);
          texts.add(text);
        }
      expect(texts.size).toBe(15);
    }
  });

  it('recalls when they connected when there is no history to reconnect over', async () => {
    const { text } = await draft({ ...base, purpose: 'reconnect', interactions: [] });
    expect(text).toContain('since we connected in May 2024');
  });

  it('congratulates on the role it knows, and invents none', async () => {
    expect((await draft({ ...base, purpose: 'congratulate' })).text).toContain(
      'your role as Analyst at Analytical Engines',
    );
    const unknown = { ...base.contact, title: null, company: null };
    expect((await draft({ ...base, purpose: 'congratulate', contact: unknown })).text).toContain('your recent news');
  });
});
