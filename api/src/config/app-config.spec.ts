import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

const base = { DATA_DIR: '/tmp/tend-config-spec', SESSION_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.storageDir).toBe('/tmp/tend-config-spec/uploads');
    expect(config.ai.provider).toBe('template');
    expect(config.stripe).toBeUndefined();
  });

  it('builds the default APP_URL from PORT', () => {
    expect(loadConfig({ ...base, PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ ...base, PORT: '4100', APP_URL: 'https://tend.example.com' }).appUrl).toBe(
      'https://tend.example.com',
    );
  });

  it('lists every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        REDIS_URL: 'http://wrong',
        APP_URL: 'not a url',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'APP_URL', 'NODE_ENV']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/);
  });

  it('requires a session secret in production and whole Stripe settings', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('keeps a generated session secret across boots', () => {
    const dir = `/tmp/tend-config-spec-${process.pid}`;
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  it('reads the configured services', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u:p@db:5432/tend',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://user:pass@mail:587',
      APP_URL: 'https://tend.example.com/',
      EXTENSION_ORIGINS: 'chrome-extension://abc, chrome-extension://def',
    });
    expect(config.appUrl).toBe('https://tend.example.com');
    expect(config.corsOrigins).toEqual([
      'https://tend.example.com',
      'chrome-extension://abc',
      'chrome-extension://def',
    ]);
    // Only well-formed Chrome extension ids restrict which extension may connect.
    expect(config.extensionIds).toEqual([]);
    expect(
      loadConfig({ ...base, EXTENSION_ORIGINS: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/, https://x.test' })
        .extensionIds,
    ).toEqual(['abcdefghijklmnopabcdefghijklmnop']);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/tend');
  });

  it('reads the AI settings: provider, limits and deadline', () => {
    const defaults = loadConfig(base).ai;
    expect(defaults).toMatchObject({
      provider: 'template',
      geminiModel: 'gemini-2.5-flash',
      dailyLimitFree: 50,
      dailyLimitPremium: 500,
      perMinute: 10,
      timeoutMs: 30_000,
    });
    const local = loadConfig({
      ...base,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llama3.2',
      AI_DAILY_LIMIT: '20',
      AI_DAILY_LIMIT_PREMIUM: '200',
      AI_RATE_LIMIT_PER_MINUTE: '3',
      AI_TIMEOUT_MS: '5000',
    }).ai;
    expect(local).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2',
      dailyLimitFree: 20,
      dailyLimitPremium: 200,
      perMinute: 3,
      timeoutMs: 5_000,
    });
  });

  it('refuses AI settings that cannot work', () => {
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY is required/);
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'openai-compatible' })).toThrow(/AI_BASE_URL is required/);
    expect(() =>
      loadConfig({ ...base, AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://localhost:11434/v1' }),
    ).toThrow(/AI_MODEL is required/);
    expect(() => loadConfig({ ...base, AI_DAILY_LIMIT: '0' })).toThrow(/AI_DAILY_LIMIT/);
    expect(() => loadConfig({ ...base, AI_TIMEOUT_MS: '10' })).toThrow(/AI_TIMEOUT_MS/);
  });
});
