import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next request gets: a draft, an HTTP error with the wire format's error body, or no answer at all. */
export type FakeReply = { text: string; model?: string } | { status: number; message?: string } | 'hang';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The instructions and the user's data, as the request carried them (each wire format has its own places). */
  instructions: string;
  data: string;
  model: string;
  at: number;
}

const modelOf = (body: Record<string, unknown>) => (typeof body['model'] === 'string' ? body['model'] : '');

/**
 * A local stand-in for a model server that speaks one wire format, driven through the real SDK.
 * Replies are scripted in order (`reply(...)`); past the script, every request gets `defaultText`.
 */
abstract class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  defaultText = 'Hi Ada,\n\nIt was good to talk about the Analytical Engine. How is the work going?\n\nBest,\nGrace';
  private script: FakeReply[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.serve(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next requests' replies, in order. */
  reply(...replies: FakeReply[]): void {
    this.script.push(...replies);
  }

  /** Forgets the script and the recorded requests (between tests). */
  reset(): void {
    this.script = [];
    this.requests.length = 0;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const route = this.route(req.method ?? '', req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    this.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      ...this.parts(body),
      model: route.model ?? modelOf(body),
      at: Date.now(),
    });
    const next = this.script.shift() ?? { text: this.defaultText };
    // A model that never answers: the socket stays open until the client gives up (or the server stops).
    if (next === 'hang') return;
    if ('status' in next) {
      res
        .writeHead(next.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(this.errorBody(next.status, next.message ?? `scripted ${next.status}`)));
      return;
    }
    const model = next.model ?? route.model ?? modelOf(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.answer(next.text, model)));
  }

  protected abstract route(method: string, url: string): { model?: string } | null;
  protected abstract parts(body: Record<string, unknown>): { instructions: string; data: string };
  protected abstract answer(text: string, model: string): unknown;
  protected abstract errorBody(status: number, message: string): unknown;
}

type GeminiContent = { role?: string; parts?: { text?: string }[] };

const textOf = (content: GeminiContent | undefined) => (content?.parts ?? []).map((p) => p.text ?? '').join('');

/** The Gemini API's `models/{model}:generateContent` (what `@google/genai` calls with an API key). */
export class FakeGeminiServer extends FakeModelServer {
  protected route(method: string, url: string): { model?: string } | null {
    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url);
    return method === 'POST' && match ? { model: decodeURIComponent(match[1] ?? '') } : null;
  }

  protected parts(body: Record<string, unknown>) {
    const contents = (body['contents'] ?? []) as GeminiContent[];
    return {
      instructions: textOf(body['systemInstruction'] as GeminiContent | undefined),
      data: contents.map(textOf).join('\n'),
    };
  }

  protected answer(text: string, model: string) {
    return {
      candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 50, totalTokenCount: 150 },
      modelVersion: model,
    };
  }

  protected errorBody(status: number, message: string) {
    const names: Record<number, string> = {
      400: 'INVALID_ARGUMENT',
      403: 'PERMISSION_DENIED',
      404: 'NOT_FOUND',
      429: 'RESOURCE_EXHAUSTED',
      500: 'INTERNAL',
      503: 'UNAVAILABLE',
    };
    return { error: { code: status, message, status: names[status] ?? 'UNKNOWN' } };
  }
}

type ChatMessage = { role: string; content: string };

/** An OpenAI-compatible server's `/v1/chat/completions` (Ollama, llama.cpp's server, vLLM all speak it). */
export class FakeOpenAiServer extends FakeModelServer {
  protected route(method: string, url: string): { model?: string } | null {
    return method === 'POST' && url === '/v1/chat/completions' ? {} : null;
  }

  protected parts(body: Record<string, unknown>) {
    const messages = (body['messages'] ?? []) as ChatMessage[];
    const of = (role: string) =>
      messages
        .filter((m) => m.role === role)
        .map((m) => m.content)
        .join('\n');
    return { instructions: of('system'), data: of('user') };
  }

  protected answer(text: string, model: string) {
    return {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    };
  }

  protected errorBody(status: number, message: string) {
    return { error: { message, type: status === 429 ? 'rate_limit_error' : 'server_error', code: status } };
  }
}
