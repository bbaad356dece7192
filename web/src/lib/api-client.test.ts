import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { api, ApiError, apiRequest, readErrorMessage, readErrorMessages } from './api-client';

afterEach(() => {
  window.localStorage.clear();
});

describe('api client: CSRF', () => {
  it('fetches the session for a token before the first non-GET call and sends it', async () => {
    const http = mockFetch({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 'fresh' } },
      'POST /api/things': { status: 201, body: { id: 1 } },
    });
    await expect(api('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 1 });
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/session', 'POST /api/things']);
    const post = http.callsTo('POST', '/api/things')[0];
    expect(post?.headers.get('X-CSRF-Token')).toBe('fresh');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ a: 1 });
  });

  it('never sends the token on GET', async () => {
    window.localStorage.setItem('tend.csrf-token', 'stored');
    const http = mockFetch({ 'GET /api/tiers': { body: [] } });
    await api('/api/tiers');
    expect(http.calls[0]?.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('stores a token from any response that carries one', async () => {
    window.localStorage.setItem('tend.csrf-token', 'old');
    mockFetch({ 'POST /api/session': { body: { id: 1 }, headers: { 'X-CSRF-Token': 'rotated' } } });
    await api('/api/session', { method: 'POST', body: {} });
    expect(window.localStorage.getItem('tend.csrf-token')).toBe('rotated');
  });

  it('refreshes the token once and retries after a CSRF 403', async () => {
    window.localStorage.setItem('tend.csrf-token', 'stale');
    const http = mockFetch({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 'good' } },
      'DELETE /api/tiers/3': [{ status: 403, body: { errors: ['Invalid CSRF token.'] } }, { status: 204 }],
    });
    await expect(api('/api/tiers/3', { method: 'DELETE' })).resolves.toBeUndefined();
    const deletes = http.callsTo('DELETE', '/api/tiers/3');
    expect(deletes.map((c) => c.headers.get('X-CSRF-Token'))).toEqual(['stale', 'good']);
  });

  it('does not retry a 403 that is not about CSRF, nor loop on a second CSRF failure', async () => {
    window.localStorage.setItem('tend.csrf-token', 't');
    const http = mockFetch({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 't2' } },
      'POST /api/a': { status: 403, body: { errors: ['Verify your email first.'] } },
      'POST /api/b': { status: 403, body: { errors: ['CSRF token missing.'] } },
    });
    await expect(api('/api/a', { method: 'POST' })).rejects.toMatchObject({ status: 403 });
    expect(http.callsTo('POST', '/api/a')).toHaveLength(1);
    await expect(api('/api/b', { method: 'POST' })).rejects.toMatchObject({ status: 403 });
    expect(http.callsTo('POST', '/api/b')).toHaveLength(2);
  });
});

describe('api client: answers and errors', () => {
  it('exposes status and headers (checkout reads Location and 201)', async () => {
    window.localStorage.setItem('tend.csrf-token', 't');
    mockFetch({ 'POST /api/create-checkout-session': { status: 200, headers: { Location: 'https://pay.example/x' } } });
    const response = await apiRequest('/api/create-checkout-session', { method: 'POST', body: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('Location')).toBe('https://pay.example/x');
    expect(response.data).toBeUndefined();
  });

  it('throws an ApiError with status, errors and headers', async () => {
    mockFetch({
      'GET /api/x': { status: 429, body: { errors: ['Too many attempts.'] }, headers: { 'Retry-After': '60' } },
    });
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, errors: ['Too many attempts.'], message: 'Too many attempts.' });
    expect((error as ApiError).headers.get('Retry-After')).toBe('60');
  });

  it('reads the errors array first, then plain body text, then the status text', () => {
    const headers = new Headers();
    const withErrors = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      errors: ['One', 'Two'],
      headers,
      bodyText: '',
    });
    const withText = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      errors: [],
      headers,
      bodyText: 'Plain words',
    });
    const withHtml = new ApiError({ status: 404, statusText: 'Not Found', errors: [], headers, bodyText: '<html>' });
    expect(readErrorMessage(withErrors, 'fallback')).toBe('One');
    expect(readErrorMessages(withErrors, 'fallback')).toEqual(['One', 'Two']);
    expect(readErrorMessage(withText, 'fallback')).toBe('Plain words');
    expect(readErrorMessage(withHtml, 'fallback')).toBe('Not Found');
  });

  it("uses the screen's own message for network failures and bare 5xx answers", () => {
    const bare502 = new ApiError({
      status: 502,
      statusText: 'Bad Gateway',
      errors: [],
      headers: new Headers(),
      bodyText: '',
    });
    const with503 = new ApiError({
      status: 503,
      statusText: '',
      errors: ['Billing is off.'],
      headers: new Headers(),
      bodyText: '',
    });
    expect(readErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(readErrorMessage(bare502, 'fallback')).toBe('fallback');
    expect(readErrorMessage(with503, 'fallback')).toBe('Billing is off.');
  });
});
