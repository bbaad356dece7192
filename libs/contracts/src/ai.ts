import { z } from 'zod';
import { NOTES_MAX_LENGTH } from './display';

/** The follow-up message's tone (`warm` when the request names none). */
export const DRAFT_TONES = ['warm', 'brief', 'formal'] as const;
export type DraftTone = (typeof DRAFT_TONES)[number];

/** What the follow-up message is for (`check-in` when the request names none). */
export const DRAFT_PURPOSES = ['check-in', 'referral', 'thank-you', 'congratulate', 'reconnect'] as const;
export type DraftPurpose = (typeof DRAFT_PURPOSES)[number];

/** Labels for the pickers of the Follow-up message tab. */
export const DRAFT_TONE_LABELS: Record<DraftTone, string> = { warm: 'Warm', brief: 'Brief', formal: 'Formal' };
export const DRAFT_PURPOSE_LABELS: Record<DraftPurpose, string> = {
  'check-in': 'Check in',
  referral: 'Ask for a referral',
  'thank-you': 'Say thank you',
  congratulate: 'Congratulate',
  reconnect: 'Reconnect',
};

/** Who wrote a draft: Google's Gemini, a model behind an OpenAI-compatible server, or the offline template. */
export const DRAFT_PROVIDERS = ['gemini', 'openai-compatible', 'template'] as const;
export type DraftProvider = (typeof DRAFT_PROVIDERS)[number];

/** A draft is at most as long as a follow-up message may be (PRODUCT.md §9: 1000 characters). */
export const DRAFT_MAX_LENGTH = NOTES_MAX_LENGTH;

/** `POST /api/geminis/`: the contact's id (the spec's payload), and optionally a tone and a purpose. */
export const draftRequestSchema = z.strictObject({
  id: z
    .number({
      error: (issue) => (issue.input === undefined ? 'Contact id is required.' : 'Contact id must be a number.'),
    })
    .int({ error: 'Contact id must be a whole number.' })
    .positive({ error: 'Contact id must be positive.' }),
  tone: z
    .enum(DRAFT_TONES, { error: `Tone must be one of: ${DRAFT_TONES.join(', ')}.` })
    .optional()
    .transform((v) => v ?? 'warm'),
  purpose: z
    .enum(DRAFT_PURPOSES, { error: `Purpose must be one of: ${DRAFT_PURPOSES.join(', ')}.` })
    .optional()
    .transform((v) => v ?? 'check-in'),
});
/** What a client sends (tone and purpose may be left out). */
export type DraftRequest = z.input<typeof draftRequestSchema>;
/** What the API works with (the defaults filled in). */
export type ParsedDraftRequest = z.output<typeof draftRequestSchema>;

/**
 * The answer: `response` is the draft as plain text (show it as text, never as HTML), `provider`
 * and `model` say who wrote it (`template`/`template` for the offline draft), and
 * `used_interaction_ids` lists the interactions the draft was written from, newest first.
 */
export const draftResponseSchema = z.object({
  response: z.string().max(DRAFT_MAX_LENGTH),
  provider: z.enum(DRAFT_PROVIDERS),
  model: z.string(),
  used_interaction_ids: z.array(z.number()),
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

// The spec's toasts for the Follow-up message tab (PRODUCT.md §8), and the API's own answers.
export const DRAFT_READY_MESSAGE = 'Your follow-up message is ready!';
/** The 502 body when the model failed (after its retries), and the tab's toast on any failure. */
export const DRAFT_FAILED_MESSAGE = 'Message failed to generate. Please try again.';
/** The 504 body: no draft within the deadline. */
export const draftTimedOutMessage = (seconds: number) =>
  `Message failed to generate within ${seconds} seconds. Please try again.`;
/** The 429 bodies: which limit was reached. */
export const draftRateLimitMessage = (perMinute: number) =>
  `Too many drafts: at most ${perMinute} a minute. Please wait a minute and try again.`;
export const draftDailyQuotaMessage = (perDay: number) =>
  `You have used today's ${perDay} drafts. More are available tomorrow.`;
