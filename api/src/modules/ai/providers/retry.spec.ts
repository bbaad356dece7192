import { describe, expect, it } from 'vitest';
import { ProviderError } from './ai-provider';
import { withRetries, type RetryOptions } from './retry';

const options = (overrides: Partial<RetryOptions> = {}): RetryOptions => ({
  provider: 'gemini',
  retries: 2,
  baseDelayMs: 20,
  deadlineAt: Date.now() + 5_000,
  signal: new AbortController().signal,
  redact: (text) => text,
  ...overrides,
});

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** Fails with the given errors in order, then answers 'ok'. */
function script(...errors: Error[]) {
  const calls: number[] = [];
  const attempt = (n: number) => {
    calls.push(n);
    const error = errors[n];
    return error === undefined ? Promise.resolve('ok') : Promise.reject(error);
  };
  return { attempt, calls };
}

describe('withRetries', () => {
  it('retries a 429 and a 5xx, then answers', async () => {
    const { attempt, calls } = script(httpError(429), httpError(503));
    await expect(withRetries(attempt, options())).resolves.toBe('ok');
    expect(calls).toEqual([0, 1, 2]);
  });

  it('retries at most twice', async () => {
    const { attempt, calls } = script(httpError(500), httpError(500), httpError(500), httpError(500));
    const failure = await withRetries(attempt, options()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).status).toBe(500);
    expect(calls).toEqual([0, 1, 2]);
  });

  it('does not retry another 4xx', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      const { attempt, calls } = script(httpError(status));
      await expect(withRetries(attempt, options())).rejects.toMatchObject({ status, retryable: false });
      expect(calls).toEqual([0]);
    }
  });

  it('retries a server that did not answer at all', async () => {
    const { attempt, calls } = script(Object.assign(new Error('connect ECONNREFUSED'), { name: 'APIConnectionError' }));
    await expect(withRetries(attempt, options())).resolves.toBe('ok');
    expect(calls).toEqual([0, 1]);
  });

  it('backs off exponentially with jitter (50-100% of 1x, then 2x the base)', async () => {
    const delays: number[] = [];
    for (const random of [0, 1]) {
      const { attempt } = script(httpError(500), httpError(500));
      await withRetries(attempt, options({ random: () => random, onRetry: (_, __, ms) => delays.push(ms) }));
    }
    expect(delays).toEqual([10, 20, 20, 40]);
  });

  it('starts no retry whose wait would end past the deadline', async () => {
    const { attempt, calls } = script(httpError(500));
    const started = Date.now();
    await expect(
      withRetries(attempt, options({ baseDelayMs: 1_000, deadlineAt: Date.now() + 200 })),
    ).rejects.toMatchObject({ status: 500 });
    expect(calls).toEqual([0]);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('redacts secrets from what it reports', async () => {
    const { attempt } = script(Object.assign(new Error('bad key sk-SECRET-123'), { status: 401 }));
    const failure = (await withRetries(
      attempt,
      options({ redact: (t) => t.replace('sk-SECRET-123', '[redacted]') }),
    ).catch((e: unknown) => e)) as ProviderError;
    expect(failure.message).toContain('HTTP 401');
    expect(failure.message).not.toContain('sk-SECRET-123');
  });
});
