import { z } from 'zod';
import { isoDateSchema } from './dates';

/**
 * A follow-up in the bell: a view of the daily loop's rule, one per contact that is due or overdue
 * (its id is the contact's id).
 */
export const notificationSchema = z.object({
  id: z.number(),
  /** The contact's next follow-up date (`YYYY-MM-DD`). */
  date: z.string(),
  contact_id: z.number(),
  /** The contact's latest interaction, or null when the date comes from its column's cadence alone. */
  interaction_id: z.number().nullable(),
  /** Whole days past the date (0: due today). */
  days_overdue: z.number(),
  title: z.string(),
  viewed: z.boolean(),
  /** Not viewed and dated on or before the user's local today. */
  unread: z.boolean(),
  contact_name: z.string(),
  /** The contact's photo, for the bell's list (null: show initials). */
  contact_photo_url: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** "Follow up with Ada Lovelace". */
export const notificationTitle = (contactName: string) => `Follow up with ${contactName}`;

/** Notification titles in the bell are cut at 30 characters (PRODUCT.md §9). */
export const NOTIFICATION_TITLE_TRUNCATION = 30;

export const updateNotificationRequestSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  viewed: z.boolean({ error: 'viewed must be true or false.' }),
});
export type UpdateNotificationRequest = z.infer<typeof updateNotificationRequestSchema>;

/**
 * `POST /api/notifications`, kept for the spec's old client: it creates (or moves) the one
 * notification of an interaction. The SPA does not call it; the server keeps notifications itself.
 */
export const createNotificationRequestSchema = z.strictObject({
  interaction_id: z.number({ error: 'interaction_id is required.' }).int().positive(),
  date: isoDateSchema('Date'),
  contact_id: z.number().int().positive().optional(),
  title: z.string().max(200).optional(),
  viewed: z.boolean().optional(),
  user_id: z.number().int().positive().optional(),
});
export type CreateNotificationRequest = z.infer<typeof createNotificationRequestSchema>;

export const NOTIFICATION_CREATE_FAILED_MESSAGE = 'Error creating notification.';
