import type { LinkedInMatchResponse } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { fakeTend, json, matchOf, TIERS } from '../test/fake-tend';
import { createTendApi } from './tend-api';

const ORIGIN = 'http://localhost:3000';
const PROFILE = 'https://www.linkedin.com/in/ada-lovelace';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

function client(server = fakeTend()) {
  return { server, api: createTendApi({ origin: ORIGIN, token: server.state.token, fetch: server.fetch }) };
}

describe('the Tend API client', () => {
  it('reads the tiers with the bearer token, without cookies, sorted by position', async () => {
    const { server, api } = client();
    expect(await api.listTiers()).toEqual({ ok: true, value: TIERS });
    const [request] = server.requests;
    expect(request?.url.href).toBe(`${ORIGIN}/api/tiers`);
    expect(request?.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${server.state.token}` });
    expect(request?.credentials).toBe('omit');
  });

  it('asks whether a profile is on the board with the URL-encoded canonical address', async () => {
    const { server, api } = client();
    const card = matchOf(5, 'Ada Lovelace', { last_contacted_on: '2026-05-01', next_follow_up_on: '2026-05-15' });
    server.state.onBoard.set(PROFILE, card);
    expect(await api.findByLinkedIn(PROFILE)).toEqual({ ok: true, value: card });
    // A server before issues 26 and 29 answered only {id, name}, about the board.
    server.state.onBoard.set(PROFILE, { id: 5, name: 'Ada Lovelace' } as LinkedInMatchResponse);
    expect(await api.findByLinkedIn(PROFILE)).toEqual({
      ok: true,
      value: {
        id: 5,
        name: 'Ada Lovelace',
        on_board: true,
        tier_id: null,
        tier_name: null,
        last_contacted_on: null,
        next_follow_up_on: null,
      },
    });
    expect(server.requests[1]?.url.href).toBe(
      `${ORIGIN}/api/contacts/by-linkedin?url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fada-lovelace`,
    );
    expect(await api.findByLinkedIn('https://www.linkedin.com/in/someone-else')).toEqual({ ok: true, value: null });
  });

  it('creates a contact as multipart contact[...] fields with the photo as a named file', async () => {
    const { server, api } = client();
    const photo = new Blob([JPEG], { type: 'image/jpeg' });
    const result = await api.createContact({
      name: 'Ada Lovelace',
      title: 'Mathematician',
      company: '',
      linkedIn: PROFILE,
      tierId: 12,
      photo,
    });
    expect(result.ok && result.value.id).toBe(77);
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api/contacts');
    expect(request?.headers['Content-Type']).toBeUndefined(); // the browser writes the multipart boundary
    const form = request?.form;
    expect([...(form?.keys() ?? [])]).toEqual([
      'contact[name]',
      'contact[title]',
      'contact[company]',
      'contact[linked_in]',
      'contact[tier_id]',
      'contact[photo]',
    ]);
    expect(form?.get('contact[tier_id]')).toBe('12');
    expect(form?.get('contact[company]')).toBe('');
    const file = form?.get('contact[photo]') as File;
    expect(file.name).toBe('photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
  });

  it('sends no photo field when there is no photo', async () => {
    const { server, api } = client();
    await api.createContact({ name: 'Ada', title: '', company: '', linkedIn: '', tierId: 11, photo: null });
    expect(server.requests[0]?.form?.has('contact[photo]')).toBe(false);
  });

  it('sends the first note and the follow-up date with the card, and Done and Snooze as JSON', async () => {
    const { server, api } = client();
    await api.createContact({
      name: 'Ada',
      title: '',
      company: '',
      linkedIn: PROFILE,
      tierId: 14,
      photo: null,
      firstNote: 'Asked about the role.',
      followUpOn: '2026-06-08',
    });
    const form = server.requests[0]?.form;
    expect(form?.get('contact[first_interaction][notes]')).toBe('Asked about the role.');
    expect(form?.get('contact[next_follow_up_on]')).toBe('2026-06-08');

    const done = await api.logDone(77, '  ');
    expect(done).toMatchObject({ ok: true, value: { id: 77, last_contacted_on: '2026-06-01' } });
    expect(server.requests[1]).toMatchObject({ method: 'POST', json: {}, credentials: 'omit' });
    expect(server.requests[1]?.headers['Content-Type']).toBe('application/json');
    expect(await api.snooze(77, '2026-07-01')).toMatchObject({ ok: true, value: { next_follow_up_on: '2026-07-01' } });
    expect(server.requests[2]?.json).toEqual({ until: '2026-07-01' });
    expect(await api.logDone(999, '')).toEqual({
      ok: false,
      problem: { kind: 'invalid', errors: ['Contact not found.'] },
    });
  });

  it('tells a duplicate (409 with contact_id), a full free plan (403) and refused values (400) apart', async () => {
    const { server, api } = client();
    const contact = { name: 'Ada', title: '', company: '', linkedIn: PROFILE, tierId: 11, photo: null };
    server.state.onBoard.set(PROFILE, matchOf(5, 'Ada'));
    expect(await api.createContact(contact)).toEqual({
      ok: false,
      problem: { kind: 'duplicate', contactId: 5, errors: ['This LinkedIn profile is already on your board.'] },
    });
    server.state.onBoard.clear();
    server.state.freeCardsLeft = 0;
    expect(await api.createContact(contact)).toMatchObject({ ok: false, problem: { kind: 'plan-full' } });
    server.state.createAnswer = { status: 400, body: { errors: ['Name cannot be empty.', 'Invalid URL'] } };
    expect(await api.createContact(contact)).toEqual({
      ok: false,
      problem: { kind: 'invalid', errors: ['Name cannot be empty.', 'Invalid URL'] },
    });
    server.state.createAnswer = { status: 413, body: { errors: ['The request is too large.'] } };
    expect(await api.createContact(contact)).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
  });

  it('treats a 409 without contact_id as a broken answer, not a duplicate', async () => {
    const { server, api } = client();
    server.state.createAnswer = { status: 409, body: { errors: ['Conflict'] } };
    const result = await api.createContact({ name: 'A', title: '', company: '', linkedIn: '', tierId: 1, photo: null });
    expect(result).toEqual({ ok: false, problem: { kind: 'server', errors: ['Conflict'] } });
  });

  it('answers unauthorized on 401 from any call', async () => {
    const server = fakeTend();
    const api = createTendApi({ origin: ORIGIN, token: 'revoked-token-000000000000', fetch: server.fetch });
    expect(await api.listTiers()).toEqual({
      ok: false,
      problem: { kind: 'unauthorized', errors: ['Sign in to continue.'] },
    });
    expect(await api.findByLinkedIn(PROFILE)).toMatchObject({ ok: false, problem: { kind: 'unauthorized' } });
  });

  it('answers unreachable when nothing answers, a gateway says the app is down, or time runs out', async () => {
    const { server, api } = client();
    server.state.down = true;
    expect(await api.listTiers()).toEqual({
      ok: false,
      problem: { kind: 'unreachable', errors: [`Tend at ${ORIGIN} did not answer.`] },
    });

    const gateway = createTendApi({
      origin: ORIGIN,
      token: 't',
      fetch: () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    });
    expect(await gateway.listTiers()).toEqual({
      ok: false,
      problem: { kind: 'unreachable', errors: ['Tend answered with an error (502).'] },
    });

    const slow = createTendApi({
      origin: ORIGIN,
      token: 't',
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        ),
    });
    expect(await slow.listTiers()).toEqual({
      ok: false,
      problem: { kind: 'unreachable', errors: ['Tend did not answer within 0.02 s.'] },
    });
  });

  it('answers a server problem on 500 and on answers that break the contract', async () => {
    const broken = (response: Response) =>
      createTendApi({ origin: ORIGIN, token: 't', fetch: () => Promise.resolve(response) });
    expect(await broken(json(500, { errors: ['Something went wrong on our side.'] })).listTiers()).toEqual({
      ok: false,
      problem: { kind: 'server', errors: ['Something went wrong on our side.'] },
    });
    expect(await broken(json(200, [{ id: 'x' }])).listTiers()).toMatchObject({
      ok: false,
      problem: { kind: 'server' },
    });
    expect(await broken(json(200, { name: 'no id' })).findByLinkedIn(PROFILE)).toMatchObject({
      ok: false,
      problem: { kind: 'server' },
    });
  });

  it('answers forbidden on a 403 when reading (an unverified email)', async () => {
    const api = createTendApi({
      origin: ORIGIN,
      token: 't',
      fetch: () => Promise.resolve(json(403, { errors: ['Confirm your email address first.'] })),
    });
    expect(await api.listTiers()).toEqual({
      ok: false,
      problem: { kind: 'forbidden', errors: ['Confirm your email address first.'] },
    });
  });

  it('reads billing_enabled from the public config without sending the token', async () => {
    const { server, api } = client(fakeTend({ billingEnabled: false }));
    expect(await api.getConfig()).toEqual({ ok: true, value: { billing_enabled: false } });
    expect(server.requests[0]?.headers['Authorization']).toBeUndefined();
  });
});
