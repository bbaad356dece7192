/**
 * A stand-in for the Tend API as phase 2 will serve it (the contract in extension/README.md), as
 * a `fetch` the extension's real API client talks to. It records every request.
 */
import {
  addDays,
  boardRoomMessage,
  freePlanLimitMessage,
  type Contact,
  type LinkedInMatchResponse,
  type Tier,
} from '@tend/contracts';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  form: FormData | null;
  /** A JSON body, parsed. */
  json: unknown;
}

export interface FakeTendState {
  tiers: Tier[];
  /** Canonical LinkedIn URL -> contact already on the board, with its follow-up state. */
  onBoard: Map<string, LinkedInMatchResponse>;
  /** The server's today (Done dates its interaction with it). */
  today: string;
  token: string;
  billingEnabled: boolean;
  /** Cards left before the free plan is full (403). */
  freeCardsLeft: number;
  /** When set, every request fails as if the app were down. */
  down: boolean;
  /** Answers for POST /api/contacts that override the normal behaviour. */
  createAnswer: { status: number; body: unknown } | null;
  nextId: number;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export const TIERS: Tier[] = [
  { id: 11, name: 'New', position: 0, user_id: 1, cadence_days: null },
  { id: 12, name: 'Colleagues', position: 1, user_id: 1, cadence_days: 60 },
  { id: 13, name: 'Friends', position: 2, user_id: 1, cadence_days: 90 },
  { id: 14, name: 'Potential Referrals', position: 3, user_id: 1, cadence_days: 14 },
];

export function fakeTend(overrides: Partial<FakeTendState> = {}) {
  const state: FakeTendState = {
    tiers: [...TIERS].reverse(), // the client sorts by position
    onBoard: new Map(),
    token: 'tok_0123456789abcdefghijklmnopqrstuvwxyz',
    billingEnabled: true,
    freeCardsLeft: 25,
    down: false,
    createAnswer: null,
    nextId: 77,
    today: '2026-06-01',
    ...overrides,
  };
  const requests: RecordedRequest[] = [];

  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const form = init.body instanceof FormData ? init.body : null;
    const sent: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    const method = init.method ?? 'GET';
    requests.push({ method, url, headers, credentials: init.credentials, form, json: sent });
    if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(answer(method, url, headers, form, sent));
  };

  function answer(
    method: string,
    url: URL,
    headers: Record<string, string>,
    form: FormData | null,
    sent: unknown,
  ): Response {
    if (url.pathname === '/api/config' && method === 'GET') {
      return json(200, { support_email: 'help@tend.test', billing_enabled: state.billingEnabled });
    }
    if (headers['Authorization'] !== `Bearer ${state.token}`) return json(401, { errors: ['Sign in to continue.'] });
    if (url.pathname === '/api/tiers' && method === 'GET') return json(200, state.tiers);
    if (url.pathname === '/api/contacts/by-linkedin' && method === 'GET') {
      const found = state.onBoard.get(url.searchParams.get('url') ?? '');
      return found ? json(200, found) : json(404, { errors: ['Not found.'] });
    }
    const action = /^\/api\/contacts\/(\d+)\/(done|snooze)$/.exec(url.pathname);
    if (action && method === 'POST') {
      const id = Number(action[1]);
      const entry = [...state.onBoard.entries()].find(([, card]) => card.id === id);
      if (!entry) return json(404, { errors: ['Contact not found.'] });
      const [key, card] = entry;
      const body = (typeof sent === 'object' && sent !== null ? sent : {}) as { until?: string };
      const next =
        action[2] === 'done'
          ? { last_contacted_on: state.today, next_follow_up_on: addDays(state.today, 14) }
          : { last_contacted_on: card.last_contacted_on, next_follow_up_on: body.until ?? null };
      state.onBoard.set(key, { ...card, ...next });
      return json(200, { ...contactFrom(new FormData(), id), name: card.name, tier_id: card.tier_id, ...next });
    }
    if (url.pathname === '/api/contacts/bulk' && method === 'POST') {
      const body = sent as { ids: number[]; action: string; tier_id: number };
      const entry = [...state.onBoard.entries()].find(([, card]) => card.id === body.ids[0]);
      if (!entry) return json(404, { errors: ['Contact not found.'] });
      if (state.freeCardsLeft <= 0) return json(403, { errors: [boardRoomMessage(0, 1)] });
      state.freeCardsLeft -= 1;
      const [key, card] = entry;
      const tier = TIERS.find((t) => t.id === body.tier_id);
      const next = tier?.cadence_days ? addDays(state.today, tier.cadence_days) : null;
      state.onBoard.set(key, {
        ...card,
        on_board: true,
        tier_id: body.tier_id,
        tier_name: tier?.name ?? null,
        next_follow_up_on: next,
      });
      return json(200, {
        contacts: [
          {
            ...contactFrom(new FormData(), card.id),
            name: card.name,
            tier_id: body.tier_id,
            last_contacted_on: card.last_contacted_on,
            next_follow_up_on: next,
          },
        ],
      });
    }
    if (url.pathname === '/api/contacts' && method === 'POST' && form) {
      if (state.createAnswer) return json(state.createAnswer.status, state.createAnswer.body);
      const field = form.get('contact[linked_in]');
      const linkedIn = typeof field === 'string' ? field : '';
      const existing = state.onBoard.get(linkedIn);
      if (existing)
        return json(409, { errors: ['This LinkedIn profile is already on your board.'], contact_id: existing.id });
      const toNetwork = form.get('contact[on_board]') === 'false';
      if (toNetwork) {
        const person = { ...contactFrom(form, state.nextId++), on_board: false, tier_id: null, column_order: null };
        if (linkedIn)
          state.onBoard.set(
            linkedIn,
            matchOf(person.id, person.name, { on_board: false, tier_id: null, tier_name: null }),
          );
        return json(201, person);
      }
      if (state.freeCardsLeft <= 0) {
        return json(403, {
          errors: [freePlanLimitMessage(25)],
        });
      }
      state.freeCardsLeft -= 1;
      const contact = contactFrom(form, state.nextId++);
      if (linkedIn) state.onBoard.set(linkedIn, matchOf(contact.id, contact.name));
      return json(201, contact);
    }
    return json(404, { errors: ['Not found.'] });
  }

  return { state, requests, fetch };
}

/** A card as `GET /api/contacts/by-linkedin` answers it (in Potential Referrals unless told). */
export function matchOf(id: number, name: string, state: Partial<LinkedInMatchResponse> = {}): LinkedInMatchResponse {
  return {
    id,
    name,
    on_board: true,
    tier_id: 14,
    tier_name: 'Potential Referrals',
    last_contacted_on: null,
    next_follow_up_on: null,
    ...state,
  };
}

function contactFrom(form: FormData, id: number): Contact {
  const text = (key: string) => {
    const value = form.get(`contact[${key}]`);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const now = '2025-01-01T00:00:00.000Z';
  return {
    id,
    user_id: 1,
    name: text('name') ?? '',
    title: text('title'),
    company: text('company'),
    linked_in: text('linked_in'),
    email: null,
    phone_number: null,
    connection_description: null,
    date_connected: null,
    on_board: true,
    tier_id: Number(text('tier_id')),
    column_order: 0,
    vertical_order: 0,
    photo_url: form.get('contact[photo]') ? `/api/contacts/${id}/photo` : null,
    cadence_days: null,
    last_contacted_on: null,
    next_follow_up_on: text('next_follow_up_on'),
    created_at: now,
    updated_at: now,
  };
}
