import { setTimeout as sleep } from 'node:timers/promises';
import { providerErrorFrom, type ProviderError } from './ai-provider';
import type { DraftProvider } from '@tend/contracts';

export interface RetryOptions {
  provider: DraftProvider;
  /** Retries after the first attempt, at most. */
  retries: number;
  /** The first retry waits about this long (50-100%, jittered), each next one twice as long. */
  baseDelayMs: number;
  /** No retry starts whose wait would end after this (epoch ms). */
  deadlineAt: number;
  /** Aborted at the deadline: a wait in progress ends at once. */
  signal: AbortSignal;
  redact: (text: string) => string;
  onRetry?: (error: ProviderError, retry: number, delayMs: number) => void;
  random?: () => number;
}

/**
 * Calls `attempt` until it succeeds, retrying only what may pass (429, 5xx, no answer) at most
 * `retries` times, with exponential backoff and jitter, and never past the deadline. Rejects with
 * the last attempt's `ProviderError`.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const random = options.random ?? Math.random;
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const failure = providerErrorFrom(options.provider, error, options.redact);
      if (!failure.retryable || n >= options.retries || options.signal.aborted) throw failure;
      const delayMs = Math.round(options.baseDelayMs * 2 ** n * (0.5 + 0.5 * random()));
      if (Date.now() + delayMs >= options.deadlineAt) throw failure;
      options.onRetry?.(failure, n + 1, delayMs);
      try {
        await sleep(delayMs, undefined, { signal: options.signal });
      } catch {
        throw failure;
      }
    }
  }
}
