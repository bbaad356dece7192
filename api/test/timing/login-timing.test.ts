import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// A timing side channel can only be measured on a quiet machine: this file runs on its own, after
// the other API tests (scripts/test.mjs, api/vitest.timing.config.mts), never beside them.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('in-process', {
    THROTTLE_LOGIN_PER_EMAIL: '1000',
    THROTTLE_LOGIN_PER_IP: '1000',
    THROTTLE_SIGNUP_PER_IP: '1000',
  });
});
afterAll(async () => {
  await app?.close();
});

it('takes the same time for an unknown email as for a wrong password (within 10%)', async () => {
  const client = await ApiClient.create(app.url);
  await client.signUp('timing@example.com');
  const time = async (email: string) => {
    const started = performance.now();
    const res = await client.logIn(email, 'Wrong-passw0rd');
    expect(res.status).toBe(401);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) {
    await time('timing@example.com');
    await time(`warmup-${i}@example.com`);
  }
  // Paired samples (one of each, back to back, in alternating order), so load from other test
  // files hits both alike and neither side profits from going second.
  const ratios: number[] = [];
  for (let i = 0; i < 41; i++) {
    const knownFirst = i % 2 === 0;
    const first = await time(knownFirst ? 'timing@example.com' : `nobody-${i}@example.com`);
    const second = await time(knownFirst ? `nobody-${i}@example.com` : 'timing@example.com');
    ratios.push(knownFirst ? second / first : first / second);
  }
  const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
  expect(ratio).toBeGreaterThan(0.9);
  expect(ratio).toBeLessThan(1.1);
});
