import { describe, expect, it } from 'vitest';
import { memoryArea } from '../test/memory-area';
import { APP_ORIGIN_RULE, normaliseAppOrigin, originMatchPattern } from './app-origin';
import { DEFAULT_APP_ORIGIN, SettingsStore } from './settings';

describe('normaliseAppOrigin', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://localhost:3000/kanban?x=1#y', 'http://localhost:3000'],
    ['  https://Tend.Example.com  ', 'https://tend.example.com'],
    ['https://tend.example.com:443/', 'https://tend.example.com'],
    ['https://tend.example.com:8443', 'https://tend.example.com:8443'],
    ['http://127.0.0.1:4173', 'http://127.0.0.1:4173'],
    ['http://app.localhost:3000', 'http://app.localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['HTTP://LOCALHOST:3000', 'http://localhost:3000'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseAppOrigin(input)).toBe(expected);
  });

  it.each([
    '',
    'localhost:3000',
    'tend.example.com',
    'http://tend.example.com', // a token must not travel in clear text to another machine
    'http://192.168.1.10:3000',
    'ftp://tend.example.com',
    'javascript:alert(1)',
    'https://user:pass@tend.example.com',
    'https://',
  ])('refuses %j', (input) => {
    expect(normaliseAppOrigin(input)).toBeNull();
  });

  it('explains the rule and gives the pattern Chrome grants', () => {
    expect(APP_ORIGIN_RULE).toMatch(/http:\/\/ only for localhost/);
    expect(originMatchPattern('https://tend.example.com')).toBe('https://tend.example.com/*');
  });
});

describe('SettingsStore', () => {
  it('defaults to the build’s app origin, no token and no tier', async () => {
    expect(DEFAULT_APP_ORIGIN).toBe('http://localhost:3000');
    expect(await new SettingsStore(memoryArea()).load()).toEqual({
      appOrigin: 'http://localhost:3000',
      token: null,
      lastTierId: null,
    });
  });

  it('ignores stored values of the wrong shape', async () => {
    const settings = new SettingsStore(memoryArea({ appOrigin: 'ftp://x', token: '', lastTierId: '12' }));
    expect(await settings.load()).toEqual({ appOrigin: 'http://localhost:3000', token: null, lastTierId: null });
  });

  it('keeps the token and the last tier', async () => {
    const area = memoryArea();
    const settings = new SettingsStore(area);
    await settings.setToken('tok_abcdefghijklmnopqrstuvwxyz');
    await settings.setLastTierId(12);
    expect(await settings.load()).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    await settings.clearToken();
    expect(await settings.load()).toMatchObject({ token: null, lastTierId: 12 });
  });

  it('forgets the token and the tier when the app origin changes, not when it is saved unchanged', async () => {
    const area = memoryArea({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    const settings = new SettingsStore(area);
    expect(await settings.setAppOrigin('http://localhost:3000/')).toBe(true);
    expect(await settings.load()).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    expect(await settings.setAppOrigin('https://tend.example.com/kanban')).toBe(true);
    expect(await settings.load()).toEqual({ appOrigin: 'https://tend.example.com', token: null, lastTierId: null });
  });

  it('refuses an invalid origin and keeps the current one', async () => {
    const area = memoryArea({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    const settings = new SettingsStore(area);
    expect(await settings.setAppOrigin('http://tend.example.com')).toBe(false);
    expect(await settings.load()).toMatchObject({
      appOrigin: 'http://localhost:3000',
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
    });
  });
});
