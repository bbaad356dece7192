import { errorMessageOf, errorsOf, reasonOf, readableBodyText } from '@tend/contracts';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

export const CSRF_HEADER = 'X-CSRF-Token';
const SESSION_PATH = '/api/session';

/** A non-OK answer from the API. `errors` is the body's `errors` array (possibly empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  readonly headers: Headers;
  readonly statusText: string;
  readonly bodyText: string;

  constructor(init: { status: number; statusText: string; errors: string[]; headers: Headers; bodyText: string }) {
    super(init.errors[0] ?? (readableBodyText(init.bodyText) || init.statusText || `Request failed (${init.status})`));
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.errors = init.errors;
    this.headers = init.headers;
    this.bodyText = init.bodyText;
  }
}

/**
 * The spec's generic error reader (`errorMessageOf` in the contracts, shared with the extension);
 * `fallback` also stands for network failures.
 */
export function readErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? errorMessageOf(error, fallback) : fallback;
}

/** The server's own reason for a 4xx (shown under a screen's message), or null. */
export function serverReason(error: unknown): string | null {
  return error instanceof ApiError ? reasonOf(error) : null;
}

/** Every message the server sent, for forms that list them all. */
export function readErrorMessages(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return [readErrorMessage(error, fallback)];
}

export function getCsrfToken(): string | null {
  return readStorage(STORAGE_KEYS.csrfToken);
}

function rememberCsrfToken(headers: Headers): void {
  const token = headers.get(CSRF_HEADER);
  if (token) writeStorage(STORAGE_KEYS.csrfToken, token);
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) return JSON.parse(text) as unknown;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

function isCsrfFailure(error: ApiError): boolean {
  return error.status === 403 && /csrf/i.test(error.errors[0] ?? '');
}

/** Fetches the session once to obtain a fresh CSRF token (used on start-up and after a CSRF 403). */
export async function refreshCsrfToken(): Promise<void> {
  const response = await fetch(SESSION_PATH, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  rememberCsrfToken(response.headers);
}

async function send<T>(path: string, options: ApiRequestOptions): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const token = getCsrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }

  const response = await fetch(path, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  rememberCsrfToken(response.headers);
  const text = await response.text();

  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      errors: errorsOf(text),
      headers: response.headers,
      bodyText: text,
    });
  }
  return {
    data: parseBody(text, response.headers.get('Content-Type')) as T,
    status: response.status,
    headers: response.headers,
  };
}

/**
 * Calls the API and returns status, headers and parsed body. Sends the stored CSRF token on every
 * non-GET request (fetching one first when none is stored) and, when the server rejects the token,
 * refreshes it once and retries.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  if (method !== 'GET' && !getCsrfToken()) {
    await refreshCsrfToken();
  }
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (method !== 'GET' && error instanceof ApiError && isCsrfFailure(error)) {
      await refreshCsrfToken();
      return send<T>(path, options);
    }
    throw error;
  }
}

/** Like `apiRequest` but returns only the parsed body. */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiRequest<T>(path, options);
  return response.data;
}
