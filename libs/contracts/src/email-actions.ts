import { z } from 'zod';

/**
 * Links in emails (the digest's Done and Snooze 1 week, and unsubscribe) never act on GET: mail
 * scanners and link previews fetch every link. Each opens a page that names the person and the
 * action, with one button that POSTs the link's token. A token is signed, bound to its user, its
 * contact and its action; Done and Snooze tokens also to the follow-up date they were sent for, and
 * they expire after `EMAIL_ACTION_LINK_DAYS`.
 */
export const EMAIL_ACTIONS = ['done', 'snooze', 'unsubscribe'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

export const EMAIL_ACTION_LINK_DAYS = 14;
/** How far "Snooze 1 week" in an email moves a follow-up. */
export const EMAIL_SNOOZE_DAYS = 7;

/** `ready`: the button acts; otherwise the page says why it cannot. */
export const EMAIL_ACTION_STATES = ['ready', 'expired', 'changed', 'invalid'] as const;
export type EmailActionState = (typeof EMAIL_ACTION_STATES)[number];

export const EMAIL_ACTION_MESSAGES = {
  expired: `This link has expired: links in reminder emails work for ${EMAIL_ACTION_LINK_DAYS} days. Open Tend to see who is due.`,
  changed:
    'This follow-up has changed since the email was sent, so the link no longer applies. Open Tend to see who is due.',
  invalid: 'This link is not valid. Open Tend to see who is due.',
} as const;

/** `GET /api/email-actions?token=`: what the link would do, and whether it still can. Changes nothing. */
export const emailActionPreviewSchema = z.object({
  action: z.enum(EMAIL_ACTIONS).nullable(),
  state: z.enum(EMAIL_ACTION_STATES),
  /** The person it is about (Done, Snooze), when the link is ready. */
  contact_name: z.string().nullable(),
  /** Why it cannot act (not `ready`). */
  message: z.string().nullable(),
});
export type EmailActionPreview = z.infer<typeof emailActionPreviewSchema>;

/** `POST /api/email-actions`: carries out the link's action. */
export const emailActionRequestSchema = z.strictObject({
  token: z.string({ error: 'The link has no token.' }).min(1, { error: 'The link has no token.' }).max(1_000),
});
export type EmailActionRequest = z.infer<typeof emailActionRequestSchema>;

export const emailActionResultSchema = z.object({
  message: z.string(),
  /** After Done or Snooze: the person's next follow-up date, or null when none is set. */
  next_follow_up_on: z.string().nullable(),
});
export type EmailActionResult = z.infer<typeof emailActionResultSchema>;
