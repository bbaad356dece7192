import type { DraftProvider } from '@tend/contracts';
import type { DraftContext, DraftPrompt } from '../prompt-builder';

/** Injection token of the configured provider (`AI_PROVIDER`). */
export const AI_PROVIDER = Symbol('AI_PROVIDER');

export interface WrittenDraft {
  /** The model's answer as it came (the writer makes it a draft: plain, cut to 1000 characters). */
  text: string;
  /** The model that wrote it, as the server names it (or as configured). */
  model: string;
  /** The interactions the text was written from, newest first. */
  usedInteractionIds: number[];
}

/** One way of writing a draft: Gemini, an OpenAI-compatible server, or the offline template. */
export interface AiProvider {
  readonly id: DraftProvider;
  /**
   * One attempt (the writer retries). Rejects with a `ProviderError`; gives up when `signal`
   * aborts (the deadline).
   */
  write(input: { context: DraftContext; prompt: DraftPrompt }, signal: AbortSignal): Promise<WrittenDraft>;
}

/** A failed attempt, described without anything secret: its HTTP status and a short, redacted reason. */
export class ProviderError extends Error {
  constructor(
    readonly provider: DraftProvider,
    /** The model server's HTTP status; undefined when it never answered (connection refused, reset). */
    readonly status: number | undefined,
    /** 429, 5xx and no answer at all are worth another try; other 4xx are not. */
    readonly retryable: boolean,
    detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderError';
  }
}

/** Replaces every configured secret in a text (an SDK's message may quote a server that echoes the key). */
export type Redact = (text: string) => string;

export function redactor(secrets: readonly (string | undefined)[]): Redact {
  const known = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
  return (text) => known.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

/** Any SDK error as a `ProviderError`: by HTTP status where there is one (both SDKs set `status`). */
export function providerErrorFrom(provider: DraftProvider, error: unknown, redact: Redact): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = (error as { status?: unknown } | null)?.status;
  const message = redact(error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .slice(0, 200);
  const kind = error instanceof Error ? error.name : 'Error';
  if (typeof status === 'number') {
    return new ProviderError(provider, status, status === 429 || status >= 500, `HTTP ${status} (${kind}: ${message})`);
  }
  return new ProviderError(provider, undefined, true, `no answer (${kind}: ${message})`);
}
