import { z } from 'zod';

/** `GET /api/config`: the public links and switches the SPA and the extension read (nothing secret). */
export const publicConfigSchema = z.object({
  support_email: z.string(),
  chrome_extension_url: z.string(),
  newsletter_url: z.string(),
  linkedin_company_url: z.string(),
  billing_enabled: z.boolean(),
  /** True in development without SMTP: mail is readable at /dev/mailbox. */
  dev_mailbox: z.boolean(),
  /** Cards the free plan holds; null when this server's free plan is unlimited. */
  free_plan_card_limit: z.number().int().positive().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
