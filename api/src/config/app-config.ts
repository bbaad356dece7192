import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { envSchema, type Env } from './config.schema';

export type Role = 'api' | 'worker' | 'scheduler';

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  /** The address the api role listens on (loopback by default). */
  host: string;
  appUrl: string;
  dataDir: string;
  /** Undefined means: start the embedded PostgreSQL under `dataDir/postgres`. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  /** Undefined means: run jobs in-process instead of through BullMQ. */
  redisUrl: string | undefined;
  /** Key prefix of every BullMQ queue, so several deployments (or test runs) can share one Redis. */
  queuePrefix: string;
  /** The first retry's delay of a failed job (later ones double). */
  jobRetryDelayMs: number;
  /** Reminder emails sent per second at most, across every worker (BullMQ's queue limiter). */
  reminderSendRate: number;
  /** Undefined means: write mail to `dataDir/outbox` and list it at /dev/mailbox. */
  smtpUrl: string | undefined;
  /**
   * Mail stays in the outbox, listed at /dev/mailbox, and the SPA says "Development: mail is not
   * sent": only without SMTP and outside production. One decision for the route and the SPA's
   * notice, so the notice never shows when mail goes out by SMTP (issue 27).
   */
  devMailbox: boolean;
  mailFrom: string;
  storageDir: string;
  sessionSecret: string;
  trustProxy: boolean;
  /** Cards the free plan holds; null: unlimited. */
  freePlanCardLimit: number | null;
  corsOrigins: string[];
  /**
   * The Chrome extension ids `EXTENSION_ORIGINS` names (`chrome-extension://<id>`): when there are
   * any, only those extensions can be connected (a published extension has a fixed id); none means
   * any id (unpacked copies each get their own).
   */
  extensionIds: string[];
  /** `chromeExtensionUrl` is '' when unset: the app then shows its own install page. */
  links: { supportEmail: string; newsletterUrl: string; chromeExtensionUrl: string; linkedinCompanyUrl: string };
  ai: {
    provider: Env['AI_PROVIDER'];
    geminiApiKey?: string;
    geminiModel: string;
    geminiBaseUrl?: string;
    baseUrl?: string;
    model?: string;
    apiKey?: string;
    /** Drafts a day per user on the free plan (or none chosen yet), and on premium. */
    dailyLimitFree: number;
    dailyLimitPremium: number;
    /** Drafts a minute per user. */
    perMinute: number;
    /** How long a draft request waits for its draft, retries included. */
    timeoutMs: number;
  };
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    priceMonthly: string;
    priceAnnual?: string;
    apiBase?: string;
  };
  logLevel: Env['LOG_LEVEL'];
  throttle: {
    loginPerEmail: number;
    loginPerIp: number;
    signupPerIp: number;
    emailPerAddress: number;
    /** Extension connections (tokens issued) per user and hour. */
    extensionConnectsPerUser: number;
    /** Refused extension tokens per IP and 15 minutes. */
    extensionTokenFailuresPerIp: number;
    /** Files uploaded for an import preview per user and minute. */
    importPreviewsPerUser: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the session secret from the environment, or generates it once into the data folder. */
function resolveSessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The repository root (api/dist/config -> ../../..), so `.data` is one folder whatever the cwd. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** Parses the whole environment once; a bad value stops the process with every problem listed. */
export function loadConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(REPO_ROOT, env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embeddedPostgresPort: env.EMBEDDED_POSTGRES_PORT,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    jobRetryDelayMs: env.JOB_RETRY_DELAY_MS,
    reminderSendRate: env.REMINDER_SEND_RATE,
    smtpUrl: env.SMTP_URL,
    devMailbox: !env.SMTP_URL && env.NODE_ENV !== 'production',
    mailFrom: env.MAIL_FROM,
    storageDir: env.STORAGE_DIR ? resolve(REPO_ROOT, env.STORAGE_DIR) : join(dataDir, 'uploads'),
    sessionSecret: resolveSessionSecret(env, dataDir),
    trustProxy: env.TRUST_PROXY === 'true',
    freePlanCardLimit: env.FREE_PLAN_CARD_LIMIT === 'unlimited' ? null : env.FREE_PLAN_CARD_LIMIT,
    corsOrigins: [
      new URL(appUrl).origin,
      ...env.EXTENSION_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    extensionIds: env.EXTENSION_ORIGINS.split(',')
      .map((o) => /^chrome-extension:\/\/([a-p]{32})\/?$/.exec(o.trim())?.[1])
      .filter((id): id is string => id !== undefined),
    links: {
      supportEmail: env.SUPPORT_EMAIL,
      newsletterUrl: env.NEWSLETTER_URL,
      chromeExtensionUrl: env.CHROME_EXTENSION_URL ?? '',
      linkedinCompanyUrl: env.LINKEDIN_COMPANY_URL,
    },
    ai: {
      provider: env.AI_PROVIDER,
      geminiApiKey: env.GEMINI_API_KEY,
      geminiModel: env.GEMINI_MODEL,
      geminiBaseUrl: env.GEMINI_BASE_URL,
      baseUrl: env.AI_BASE_URL,
      model: env.AI_MODEL,
      apiKey: env.AI_API_KEY,
      dailyLimitFree: env.AI_DAILY_LIMIT,
      dailyLimitPremium: env.AI_DAILY_LIMIT_PREMIUM,
      perMinute: env.AI_RATE_LIMIT_PER_MINUTE,
      timeoutMs: env.AI_TIMEOUT_MS,
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_MONTHLY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceMonthly: env.STRIPE_PRICE_MONTHLY,
            priceAnnual: env.STRIPE_PRICE_ANNUAL,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    logLevel: env.LOG_LEVEL,
    throttle: {
      loginPerEmail: env.THROTTLE_LOGIN_PER_EMAIL,
      loginPerIp: env.THROTTLE_LOGIN_PER_IP,
      signupPerIp: env.THROTTLE_SIGNUP_PER_IP,
      emailPerAddress: env.THROTTLE_EMAIL_PER_ADDRESS,
      extensionConnectsPerUser: env.THROTTLE_EXTENSION_CONNECTS_PER_USER,
      extensionTokenFailuresPerIp: env.THROTTLE_EXTENSION_TOKEN_FAILURES_PER_IP,
      importPreviewsPerUser: env.THROTTLE_IMPORT_PREVIEWS_PER_USER,
    },
  };
}

/** Injection token for the parsed configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
