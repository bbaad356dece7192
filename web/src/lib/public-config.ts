// `GET /api/config` merged with its defaults, without React (the hooks in config.ts use it).

import { FREE_PLAN_CARD_LIMIT, type PublicConfig } from '@tend/contracts';

export type { PublicConfig };

/** Used until (or if never) `GET /api/config` answers. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  support_email: 'support@tend.app',
  // Empty: no store page configured, 'Get Chrome Extension' opens the in-app install page.
  chrome_extension_url: '',
  newsletter_url: '',
  linkedin_company_url: '',
  billing_enabled: false,
  dev_mailbox: false,
  free_plan_card_limit: FREE_PLAN_CARD_LIMIT,
};

/** Keeps the defaults for any field the server leaves empty or omits. */
export function mergePublicConfig(answer: Partial<Record<keyof PublicConfig, unknown>> | undefined): PublicConfig {
  const merged: PublicConfig = { ...DEFAULT_PUBLIC_CONFIG };
  if (!answer) return merged;
  for (const key of ['support_email', 'chrome_extension_url', 'newsletter_url', 'linkedin_company_url'] as const) {
    const value = answer[key];
    if (typeof value === 'string' && value.trim() !== '') merged[key] = value.trim();
  }
  for (const key of ['billing_enabled', 'dev_mailbox'] as const) {
    const value = answer[key];
    if (typeof value === 'boolean') merged[key] = value;
  }
  const limit = answer.free_plan_card_limit;
  if (limit === null || (typeof limit === 'number' && Number.isInteger(limit) && limit > 0)) {
    merged.free_plan_card_limit = limit;
  }
  return merged;
}
