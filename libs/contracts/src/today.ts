import { z } from 'zod';
import { contactSchema } from './contacts';

/** A row of `GET /api/today`: the contact, its column's name, how late it is and its last note's first line. */
export const todayItemSchema = contactSchema.extend({
  tier_name: z.string(),
  days_overdue: z.number(),
  /** The first line of its latest interaction's notes, or null. */
  last_note: z.string().nullable(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

/** `GET /api/today`: overdue (oldest first), due today, upcoming (next seven days), the goal and today's count. */
export const todayResponseSchema = z.object({
  overdue: z.array(todayItemSchema),
  due: z.array(todayItemSchema),
  upcoming: z.array(todayItemSchema),
  goal: z.number(),
  done_today: z.number(),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;
