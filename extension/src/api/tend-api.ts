/**
 * The few Tend API calls the extension makes, with the connection token as a bearer token.
 * Cookies are never sent (`credentials: 'omit'`): the token alone says who the user is, so a
 * session of the web app in the same browser plays no part.
 *
 *   GET  /api/tiers                          -> Tier[]
 *   GET  /api/contacts/by-linkedin?url=...   -> 200 {id, name, on_board, tier_id, tier_name,
 *                                               last_contacted_on, next_follow_up_on} | 404
 *   POST /api/contacts   multipart contact[name|title|company|linked_in|tier_id|on_board|photo|next_follow_up_on]
 *                        and contact[first_interaction][notes]
 *                                            -> 201 Contact | 409 {errors, contact_id} | 403 | 400
 *   POST /api/contacts/:id/done    {note?}   -> 200 Contact (an interaction dated today, reset by the rule)
 *   POST /api/contacts/:id/snooze  {until}   -> 200 Contact
 *   POST /api/contacts/bulk  {ids: [id], action: 'to_board', tier_id}
 *                                            -> 200 {contacts: [Contact]} | 403 (the free board is full)
 *   GET  /api/config     (public)            -> {billing_enabled, ...}
 *
 * Every answer becomes a result the popup can show: failures are data, never exceptions.
 */
import {
  errorsOf as errorsFromBody,
  type Contact,
  type DuplicateContactResponse,
  type LinkedInMatchResponse,
  type Tier,
} from '@tend/contracts';
import { PHOTO_FILE_NAMES, type PhotoType } from '../shared/photo-bytes';

export interface NewContact {
  name: string;
  title: string;
  company: string;
  linkedIn: string;
  tierId: number;
  photo: Blob | null;
  /** false: into the network (the free board is full); default: on the board. */
  onBoard?: boolean;
  /** What just happened (logged as the card's first interaction, dated today); empty: none. */
  firstNote?: string;
  /** The first follow-up as a date; null: the column's cadence decides. */
  followUpOn?: string | null;
}

export type ApiProblem =
  /** 401: no token, or it was revoked or expired. */
  | { kind: 'unauthorized'; errors: string[] }
  /** No answer (network, DNS, timeout) or a gateway saying the app is down (502/503/504). */
  | { kind: 'unreachable'; errors: string[] }
  /** 403 on create: the free plan's 25 cards are used. */
  | { kind: 'plan-full'; errors: string[] }
  /** 409 on create: this LinkedIn profile is already a card. */
  | { kind: 'duplicate'; errors: string[]; contactId: number }
  /** 400, 413, 422: the server refused the values. */
  | { kind: 'invalid'; errors: string[] }
  /** 403 elsewhere (an unverified email, for instance). */
  | { kind: 'forbidden'; errors: string[] }
  /** Anything else (a 500, an answer that is not what the contract says). */
  | { kind: 'server'; errors: string[] };

export type ApiResult<T> = { ok: true; value: T } | { ok: false; problem: ApiProblem };

export interface PublicConfig {
  billing_enabled: boolean;
}

export interface TendApi {
  listTiers(): Promise<ApiResult<Tier[]>>;
  findByLinkedIn(canonicalUrl: string): Promise<ApiResult<LinkedInMatchResponse | null>>;
  createContact(contact: NewContact): Promise<ApiResult<Contact>>;
  /** "Log that I messaged them": what Done does (an interaction dated today, with the note if any). */
  logDone(contactId: number, note: string): Promise<ApiResult<Contact>>;
  snooze(contactId: number, until: string): Promise<ApiResult<Contact>>;
  /** Moves one person from the network onto the board, into a column (403 `plan-full` when it is full). */
  putOnBoard(contactId: number, tierId: number): Promise<ApiResult<Contact>>;
  getConfig(): Promise<ApiResult<PublicConfig>>;
}

export interface TendApiOptions {
  origin: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface Answer {
  ok: true;
  status: number;
  body: unknown;
}
type Failure = { ok: false; problem: ApiProblem };

export function createTendApi({ origin, token, fetch: fetchImpl, timeoutMs = 10_000 }: TendApiOptions): TendApi {
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);

  /** One request; the failures every call shares (no answer, 401, 5xx) are already problems. */
  async function call(
    path: string,
    init: { method?: string; body?: FormData | string; auth?: boolean } = {},
  ): Promise<Answer | Failure> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (typeof init.body === 'string') headers['Content-Type'] = 'application/json';
    if (init.auth !== false) headers['Authorization'] = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(new URL(path, origin).toString(), {
        method: init.method ?? 'GET',
        headers,
        body: init.body,
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError';
      const message = timedOut
        ? `Tend did not answer within ${timeoutMs / 1000} s.`
        : `Tend at ${origin} did not answer.`;
      return fail('unreachable', [message]);
    }
    let body: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = await response.json();
      } catch {
        body = null;
      }
    }
    const status = response.status;
    if (status === 401) return fail('unauthorized', errorsOf(body, status));
    if (status === 502 || status === 503 || status === 504) return fail('unreachable', errorsOf(body, status));
    if (status >= 500) return fail('server', errorsOf(body, status));
    return { ok: true, status, body };
  }

  /** Done and Snooze: JSON in, the card as it is now out. */
  async function followUpAction(path: string, body: object): Promise<ApiResult<Contact>> {
    const answer = await call(path, { method: 'POST', body: JSON.stringify(body) });
    if (!answer.ok) return answer;
    if (answer.status === 200 && isRecord(answer.body) && typeof answer.body['id'] === 'number') {
      return { ok: true, value: answer.body as Contact };
    }
    const errors = errorsOf(answer.body, answer.status);
    if (answer.status === 400 || answer.status === 404) return fail('invalid', errors);
    if (answer.status === 403) return fail('forbidden', errors);
    return unexpected(answer);
  }

  return {
    async listTiers() {
      const answer = await call('/api/tiers');
      if (!answer.ok) return answer;
      if (answer.status === 403) return fail('forbidden', errorsOf(answer.body, 403));
      if (answer.status !== 200 || !Array.isArray(answer.body) || !answer.body.every(isTier)) return unexpected(answer);
      const tiers = [...answer.body].sort((a, b) => a.position - b.position);
      return { ok: true, value: tiers };
    },

    async findByLinkedIn(canonicalUrl) {
      const answer = await call(`/api/contacts/by-linkedin?url=${encodeURIComponent(canonicalUrl)}`);
      if (!answer.ok) return answer;
      if (answer.status === 404) return { ok: true, value: null };
      if (answer.status === 403) return fail('forbidden', errorsOf(answer.body, 403));
      const body = answer.body;
      if (answer.status !== 200 || !isRecord(body) || typeof body['id'] !== 'number') return unexpected(answer);
      return {
        ok: true,
        value: {
          id: body['id'],
          name: stringOr(body['name'], ''),
          // A server before issue 26 answered only about the board.
          on_board: body['on_board'] !== false,
          tier_id: typeof body['tier_id'] === 'number' ? body['tier_id'] : null,
          tier_name: stringOr(body['tier_name'], null),
          last_contacted_on: stringOr(body['last_contacted_on'], null),
          next_follow_up_on: stringOr(body['next_follow_up_on'], null),
        },
      };
    },

    async createContact(contact) {
      const form = new FormData();
      form.set('contact[name]', contact.name);
      form.set('contact[title]', contact.title);
      form.set('contact[company]', contact.company);
      form.set('contact[linked_in]', contact.linkedIn);
      if (contact.onBoard === false) form.set('contact[on_board]', 'false');
      else form.set('contact[tier_id]', String(contact.tierId));
      if (contact.firstNote) form.set('contact[first_interaction][notes]', contact.firstNote);
      if (contact.followUpOn) form.set('contact[next_follow_up_on]', contact.followUpOn);
      if (contact.photo) {
        const name = PHOTO_FILE_NAMES[contact.photo.type as PhotoType] ?? 'photo.jpg';
        form.set('contact[photo]', contact.photo, name);
      }
      const answer = await call('/api/contacts', { method: 'POST', body: form });
      if (!answer.ok) return answer;
      const errors = errorsOf(answer.body, answer.status);
      switch (answer.status) {
        case 200:
        case 201:
          return isRecord(answer.body) && typeof answer.body['id'] === 'number'
            ? { ok: true, value: answer.body as Contact }
            : unexpected(answer);
        case 409: {
          const id = isRecord(answer.body) ? (answer.body as Partial<DuplicateContactResponse>).contact_id : undefined;
          return typeof id === 'number'
            ? { ok: false, problem: { kind: 'duplicate', errors, contactId: id } }
            : unexpected(answer);
        }
        case 403:
          return fail('plan-full', errors);
        case 400:
        case 413:
        case 422:
          return fail('invalid', errors);
        default:
          return unexpected(answer);
      }
    },

    logDone(contactId, note) {
      return followUpAction(`/api/contacts/${contactId}/done`, note.trim() ? { note: note.trim() } : {});
    },

    snooze(contactId, until) {
      return followUpAction(`/api/contacts/${contactId}/snooze`, { until });
    },

    async putOnBoard(contactId, tierId) {
      const answer = await call('/api/contacts/bulk', {
        method: 'POST',
        body: JSON.stringify({ ids: [contactId], action: 'to_board', tier_id: tierId }),
      });
      if (!answer.ok) return answer;
      const body = answer.body;
      const moved = isRecord(body) && Array.isArray(body['contacts']) ? (body['contacts'][0] as unknown) : null;
      if (answer.status === 200 && isRecord(moved) && typeof moved['id'] === 'number') {
        return { ok: true, value: moved as Contact };
      }
      const errors = errorsOf(body, answer.status);
      if (answer.status === 403) return fail('plan-full', errors);
      if (answer.status === 400 || answer.status === 404) return fail('invalid', errors);
      return unexpected(answer);
    },

    async getConfig() {
      const answer = await call('/api/config', { auth: false });
      if (!answer.ok) return answer;
      if (answer.status !== 200 || !isRecord(answer.body)) return unexpected(answer);
      return { ok: true, value: { billing_enabled: answer.body['billing_enabled'] === true } };
    },
  };
}

function fail(kind: Exclude<ApiProblem['kind'], 'duplicate'>, errors: string[]): Failure {
  return { ok: false, problem: { kind, errors } };
}

function unexpected(answer: Answer): Failure {
  return fail('server', errorsOf(answer.body, answer.status));
}

/** The answer's `errors` (read as the web app reads them), or a plain sentence when it has none. */
function errorsOf(body: unknown, status: number): string[] {
  const errors = errorsFromBody(body);
  return errors.length ? errors : [`Tend answered with an error (${status}).`];
}

function stringOr<T extends string | null>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTier(value: unknown): value is Tier {
  return (
    isRecord(value) &&
    typeof value['id'] === 'number' &&
    typeof value['name'] === 'string' &&
    typeof value['position'] === 'number'
  );
}
