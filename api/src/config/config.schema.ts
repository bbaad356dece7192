import { isIP } from 'node:net';
import { FREE_PLAN_CARD_LIMIT } from '@tend/contracts';
import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      error: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          new URL(v);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'is not a valid URL' },
    );

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the app reads. Parsed once at boot; nothing else reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address the api role listens on: loopback unless a deployment opens it (Compose sets 0.0.0.0). */
    HOST: optionalString
      .refine((v) => v === undefined || isIP(v) !== 0 || v === 'localhost', {
        error: 'must be an IP address such as 0.0.0.0 or 127.0.0.1',
      })
      .transform((v) => v ?? '127.0.0.1'),
    /** Defaults to http://localhost:<PORT>. */
    APP_URL: z.url({ error: 'must be an absolute URL such as https://tend.example.com' }).optional(),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/i, { error: 'must be 1-40 letters, digits, _ or -' })
      .default('tend'),
    /** The first retry of a failed job waits this long; each later one twice as long (5 attempts). */
    JOB_RETRY_DELAY_MS: z.coerce.number().int().min(1).max(600_000).default(2_000),
    /** Reminder emails per second, across all workers (with Redis): the SMTP relay's pace, and the API's share of the cores. */
    REMINDER_SEND_RATE: z.coerce.number().int().min(1).max(10_000).default(20),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Tend <hello@tend.local>'),
    STORAGE_DIR: optionalString,
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      error: 'must be at least 32 characters',
    }),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    /** Cards the free plan holds: a whole number, or `unlimited` for a self-hosted server without billing. */
    FREE_PLAN_CARD_LIMIT: z
      .union([z.literal('unlimited'), z.coerce.number().int().positive().max(1_000_000)], {
        error: 'must be a whole number of cards or "unlimited"',
      })
      .default(FREE_PLAN_CARD_LIMIT),
    EXTENSION_ORIGINS: z.string().default(''),
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@tend.local'),
    NEWSLETTER_URL: z.url().default('https://tend.local/newsletter'),
    /** The extension's Chrome Web Store page; unset: 'Get Chrome Extension' opens the in-app install page. */
    CHROME_EXTENSION_URL: optionalUrl(['https', 'http']),
    LINKEDIN_COMPANY_URL: z.url().default('https://www.linkedin.com/'),
    AI_PROVIDER: z.enum(['gemini', 'openai-compatible', 'template']).default('template'),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
    GEMINI_BASE_URL: optionalUrl(['http', 'https']),
    AI_BASE_URL: optionalUrl(['http', 'https']),
    AI_MODEL: optionalString,
    AI_API_KEY: optionalString,
    /** Drafts a day per user: free plan (or none chosen yet) and premium. */
    AI_DAILY_LIMIT: positiveInt(50),
    AI_DAILY_LIMIT_PREMIUM: positiveInt(500),
    AI_RATE_LIMIT_PER_MINUTE: positiveInt(10),
    /** How long a draft request waits for its draft (retries of the model included) before a 504. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_MONTHLY: optionalString,
    STRIPE_PRICE_ANNUAL: optionalString,
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
    THROTTLE_LOGIN_PER_EMAIL: positiveInt(10),
    THROTTLE_LOGIN_PER_IP: positiveInt(25),
    THROTTLE_SIGNUP_PER_IP: positiveInt(25),
    THROTTLE_EMAIL_PER_ADDRESS: positiveInt(5),
    THROTTLE_EXTENSION_CONNECTS_PER_USER: positiveInt(10),
    THROTTLE_EXTENSION_TOKEN_FAILURES_PER_IP: positiveInt(30),
    THROTTLE_IMPORT_PREVIEWS_PER_USER: positiveInt(6),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.AI_PROVIDER === 'gemini' && !env.GEMINI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GEMINI_API_KEY'], message: 'is required when AI_PROVIDER=gemini' });
    }
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'is required when AI_PROVIDER=openai-compatible',
      });
    }
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'is required when AI_PROVIDER=openai-compatible (the model name, e.g. llama3.2)',
      });
    }
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_MONTHLY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_MONTHLY set as well',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;
