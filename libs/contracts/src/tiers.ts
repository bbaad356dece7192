import { z } from 'zod';
import { cadenceDaysSchema } from './follow-up-requests';

export const TIER_NAME_MAX_LENGTH = 60;
export const NEW_COLUMN_NAME = 'New Column';
export const DEFAULT_TIER_NAMES = ['New', 'Colleagues', 'Friends', 'Potential Referrals'] as const;

export const tierSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  user_id: z.number(),
  /** How often its people are due, in days (1 to 365), or null: no cadence. */
  cadence_days: z.number().nullable(),
});
export type Tier = z.infer<typeof tierSchema>;

const tierNameSchema = z
  .string({ error: 'Column name is required.' })
  .trim()
  .min(1, { error: 'Column name cannot be empty.' })
  .max(TIER_NAME_MAX_LENGTH, { error: `Column name must be at most ${TIER_NAME_MAX_LENGTH} characters.` });

export const createTierRequestSchema = z.strictObject({
  name: tierNameSchema.default(NEW_COLUMN_NAME),
  /** Ignored: the server always appends at max position + 1 (the spec's rule). */
  position: z.number().int().min(0).optional(),
  user_id: z.number().int().positive().optional(),
});
export type CreateTierRequest = z.infer<typeof createTierRequestSchema>;

export const updateTierRequestSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  name: tierNameSchema.optional(),
  position: z.number().int().min(1, { error: 'Only columns after the first can move.' }).optional(),
  user_id: z.number().int().positive().optional(),
  cadence_days: cadenceDaysSchema.optional(),
});
export type UpdateTierRequest = z.infer<typeof updateTierRequestSchema>;
