import { vi } from 'vitest';

export interface MockResponseInit {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler =
  MockResponseInit | ((request: { url: string; method: string; body: unknown; headers: Headers }) => MockResponseInit);

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/**
 * Replaces global fetch with a router keyed by "METHOD /path". Each key may hold one handler or a
 * queue (consumed in order, the last one repeats). Unmatched calls answer 404 so a test notices.
 */
export function mockFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]),
  );

  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, url, body, headers });
    const queue = queues.get(`${method} ${url}`);
    if (!queue || queue.length === 0) {
      return Promise.resolve(
        new Response(JSON.stringify({ errors: [`No mock for ${method} ${url}`] }), { status: 404 }),
      );
    }
    const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
    const result = typeof handler === 'function' ? handler({ url, method, body, headers }) : handler;
    const status = result.status ?? 200;
    const text = result.body === undefined || status === 204 ? null : JSON.stringify(result.body);
    return Promise.resolve(
      new Response(text, {
        status,
        headers: { ...(text ? { 'Content-Type': 'application/json' } : {}), ...result.headers },
      }),
    );
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  };
}
