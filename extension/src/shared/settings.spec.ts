import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryArea } from '../test/memory-area';
import { APP_ORIGIN_RULE, normaliseAppOrigin, originFromMatchPattern, originMatchPattern } from './app-origin';
import { manifestAppOrigin, SettingsStore, TIERS_CACHE_MS, type KeyValueArea } from './settings';

/** Settings of a copy built for http://localhost:3000. */
const store = (area: KeyValueArea) => new SettingsStore(area, 'http://localhost:3000');

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

  it('explains the rule and converts between an origin and the pattern Chrome grants', () => {
    expect(APP_ORIGIN_RULE).toMatch(/http:\/\/ only for localhost/);
    expect(originMatchPattern('https://tend.example.com')).toBe('https://tend.example.com/*');
    expect(originFromMatchPattern('https://tend.example.com/*')).toBe('https://tend.example.com');
    expect(originFromMatchPattern('http://127.0.0.1:4173/*')).toBe('http://127.0.0.1:4173');
    for (const pattern of ['<all_urls>', 'https://*/*', 'https://*.example.com/*', 'https://tend.example.com/app/*']) {
      expect(originFromMatchPattern(pattern)).toBeNull();
    }
  });
});

describe('SettingsStore', () => {
  it('defaults to the manifest’s app origin, no token and no tier', async () => {
    expect(await new SettingsStore(memoryArea(), 'https://tend.example.com').load()).toMatchObject({
      appOrigin: 'https://tend.example.com',
    });
    expect(await store(memoryArea()).load()).toEqual({
      appOrigin: 'http://localhost:3000',
      token: null,
      lastTierId: null,
      cachedTiers: null,
    });
  });

  it('ignores stored values of the wrong shape', async () => {
    const settings = store(
      memoryArea({ appOrigin: 'ftp://x', token: '', lastTierId: '12', tiersCache: { origin: 'x', tiers: 'no' } }),
    );
    expect(await settings.load()).toEqual({
      appOrigin: 'http://localhost:3000',
      token: null,
      lastTierId: null,
      cachedTiers: null,
    });
  });

  it('keeps the token and the last tier', async () => {
    const area = memoryArea();
    const settings = store(area);
    await settings.setToken('tok_abcdefghijklmnopqrstuvwxyz');
    await settings.setLastTierId(12);
    expect(await settings.load()).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    await settings.clearToken();
    expect(await settings.load()).toMatchObject({ token: null, lastTierId: 12 });
  });

  it('forgets the token and the tier when the app origin changes, not when it is saved unchanged', async () => {
    const area = memoryArea({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    const settings = store(area);
    expect(await settings.setAppOrigin('http://localhost:3000/')).toBe(true);
    expect(await settings.load()).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuvwxyz', lastTierId: 12 });
    expect(await settings.setAppOrigin('https://tend.example.com/kanban')).toBe(true);
    expect(await settings.load()).toEqual({
      appOrigin: 'https://tend.example.com',
      token: null,
      lastTierId: null,
      cachedTiers: null,
    });
  });

  it('keeps the columns for a minute, for their origin only, and forgets them with the token', async () => {
    let now = 5_000_000;
    const area = memoryArea({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    const settings = new SettingsStore(area, 'http://localhost:3000', () => now);
    const tiers = [{ id: 11, name: 'New', position: 0, user_id: 1, cadence_days: null }];
    await settings.cacheTiers('http://localhost:3000', tiers);
    now += TIERS_CACHE_MS - 1;
    expect((await settings.load()).cachedTiers).toEqual(tiers);
    now += 1;
    expect((await settings.load()).cachedTiers).toBeNull();
    // Another origin's copy, or one cached before a new token (maybe another account), is not used.
    await settings.cacheTiers('https://tend.example.com', tiers);
    expect((await settings.load()).cachedTiers).toBeNull();
    await settings.cacheTiers('http://localhost:3000', tiers);
    await settings.setToken('tok_zyxwvutsrqponmlkjihgfedcba');
    expect((await settings.load()).cachedTiers).toBeNull();
  });

  it('refuses an invalid origin and keeps the current one', async () => {
    const area = memoryArea({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    const settings = store(area);
    expect(await settings.setAppOrigin('http://tend.example.com')).toBe(false);
    expect(await settings.load()).toMatchObject({
      appOrigin: 'http://localhost:3000',
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
    });
  });
});

describe('manifestAppOrigin', () => {
  afterEach(() => vi.unstubAllGlobals());

  const withManifest = (manifest: Partial<chrome.runtime.ManifestV3>) =>
    vi.stubGlobal('chrome', {
      runtime: { getManifest: () => ({ manifest_version: 3, name: 'Tend', version: '1', ...manifest }) },
    });

  it('reads the origin the manifest grants host access to', () => {
    withManifest({ host_permissions: ['https://tend.example.com/*'] });
    expect(manifestAppOrigin()).toBe('https://tend.example.com');
  });

  it('falls back to http://localhost:3000 when the manifest grants no single origin', () => {
    withManifest({});
    expect(manifestAppOrigin()).toBe('http://localhost:3000');
    withManifest({ host_permissions: ['<all_urls>'] });
    expect(manifestAppOrigin()).toBe('http://localhost:3000');
  });
});
