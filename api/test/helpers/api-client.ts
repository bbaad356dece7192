import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { Response } from 'supertest';

/** A browser-like client: keeps cookies, reads X-CSRF-Token and sends it on every non-GET call. */
export class ApiClient {
  private readonly agent: TestAgent;
  csrfToken = '';

  private constructor(readonly baseUrl: string) {
    this.agent = request.agent(baseUrl);
  }

  static async create(baseUrl: string): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    await client.session();
    return client;
  }

  private remember(response: Response): Response {
    const token = response.headers['x-csrf-token'];
    if (typeof token === 'string' && token) this.csrfToken = token;
    return response;
  }

  async session(): Promise<Response> {
    return this.remember(await this.agent.get('/api/session'));
  }

  async get(path: string): Promise<Response> {
    return this.remember(await this.agent.get(path));
  }

  async post(path: string, body?: object, { csrf = true } = {}): Promise<Response> {
    const req = this.agent.post(path);
    if (csrf) req.set('X-CSRF-Token', this.csrfToken);
    return this.remember(await req.send(body ?? {}));
  }

  async patch(path: string, body?: object, { csrf = true } = {}): Promise<Response> {
    const req = this.agent.patch(path);
    if (csrf) req.set('X-CSRF-Token', this.csrfToken);
    return this.remember(await req.send(body ?? {}));
  }

  async delete(path: string, { csrf = true, body }: { csrf?: boolean; body?: object } = {}): Promise<Response> {
    const req = this.agent.delete(path);
    if (csrf) req.set('X-CSRF-Token', this.csrfToken);
    return this.remember(await (body ? req.send(body) : req));
  }

  /** The raw agent, for requests the helpers above do not cover (uploads, odd methods). */
  get raw(): TestAgent {
    return this.agent;
  }

  /** Signs up (201) and returns the user. */
  async signUp(email: string, password = 'Passw0rd!', name = 'Test User'): Promise<{ id: number; email: string }> {
    const res = await this.post('/api/users', { email, name, password });
    if (res.status !== 201) throw new Error(`Sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; email: string };
  }

  async logIn(email: string, password = 'Passw0rd!'): Promise<Response> {
    return this.post('/api/session', { email, password });
  }
}
