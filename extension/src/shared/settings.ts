/**
 * What the extension keeps, in `chrome.storage.local`: the app origin chosen in the options
 * (the manifest's otherwise), the connection token the app handed over, the column last saved
 * to, and the board's columns for a minute (so the popup draws its whole form at once). Nothing
 * else is stored, and nothing is synced.
 */
import type { Tier } from '@tend/contracts';
import { FALLBACK_APP_ORIGIN, normaliseAppOrigin, originFromMatchPattern } from './app-origin';

/** How long the popup trusts its copy of the columns (a rename in Tend shows within this). */
export const TIERS_CACHE_MS = 60_000;

/** The part of `chrome.storage.StorageArea` used here (so tests can pass a Map-backed fake). */
export interface KeyValueArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface Settings {
  appOrigin: string;
  token: string | null;
  lastTierId: number | null;
  /** The columns read within `TIERS_CACHE_MS` from this origin with this token, or null. */
  cachedTiers: Tier[] | null;
}

interface TiersCache {
  origin: string;
  savedAt: number;
  tiers: Tier[];
}

const KEYS = { appOrigin: 'appOrigin', token: 'token', lastTierId: 'lastTierId', tiers: 'tiersCache' } as const;

export class SettingsStore {
  /** `defaultOrigin`: the origin the manifest grants (`manifestAppOrigin()`). */
  constructor(
    private readonly area: KeyValueArea,
    readonly defaultOrigin: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Everything in one read of the storage (the popup's first step). */
  async load(): Promise<Settings> {
    const stored = await this.area.get(Object.values(KEYS));
    const origin = stored[KEYS.appOrigin];
    const token = stored[KEYS.token];
    const tier = stored[KEYS.lastTierId];
    const appOrigin = (typeof origin === 'string' && normaliseAppOrigin(origin)) || this.defaultOrigin;
    const cache = stored[KEYS.tiers] as Partial<TiersCache> | undefined;
    const age = typeof cache?.savedAt === 'number' ? this.now() - cache.savedAt : Number.POSITIVE_INFINITY;
    const fresh = cache?.origin === appOrigin && Array.isArray(cache.tiers) && age >= 0 && age < TIERS_CACHE_MS;
    return {
      appOrigin,
      token: typeof token === 'string' && token !== '' ? token : null,
      lastTierId: typeof tier === 'number' && Number.isInteger(tier) ? tier : null,
      cachedTiers: fresh ? (cache.tiers ?? null) : null,
    };
  }

  async cacheTiers(origin: string, tiers: Tier[]): Promise<void> {
    await this.area.set({ [KEYS.tiers]: { origin, savedAt: this.now(), tiers } satisfies TiersCache });
  }

  /** After a save to a column that is gone, or a new token: read the columns afresh next time. */
  async forgetTiers(): Promise<void> {
    await this.area.remove([KEYS.tiers]);
  }

  /** A token belongs to one app: moving to another origin forgets it. Answers false for an invalid origin. */
  async setAppOrigin(input: string): Promise<boolean> {
    const origin = normaliseAppOrigin(input);
    if (!origin) return false;
    const current = await this.load();
    if (origin === current.appOrigin) return true;
    await this.area.set({ [KEYS.appOrigin]: origin });
    await this.area.remove([KEYS.token, KEYS.lastTierId, KEYS.tiers]);
    return true;
  }

  /** A new token may be another account's: its columns are read afresh. */
  async setToken(token: string): Promise<void> {
    await this.area.set({ [KEYS.token]: token });
    await this.area.remove([KEYS.tiers]);
  }

  async clearToken(): Promise<void> {
    await this.area.remove([KEYS.token, KEYS.tiers]);
  }

  async setLastTierId(id: number): Promise<void> {
    await this.area.set({ [KEYS.lastTierId]: id });
  }
}

/**
 * The app origin this copy of the extension was built for: the one its manifest grants host
 * access to. Read from the manifest (not compiled in), so that packaging the extension for
 * another origin only means rewriting manifest.json.
 */
export function manifestAppOrigin(): string {
  const manifest = chrome.runtime.getManifest() as chrome.runtime.ManifestV3;
  const patterns: string[] = manifest.host_permissions ?? [];
  const [pattern] = patterns;
  return (pattern && originFromMatchPattern(pattern)) || FALLBACK_APP_ORIGIN;
}

/** `chrome.storage.local` behind the small interface above. */
export function chromeLocalArea(): KeyValueArea {
  const local = chrome.storage.local;
  return {
    get: (keys) => local.get(keys),
    set: (items) => local.set(items),
    remove: (keys) => local.remove(keys),
  };
}

/** Any settings change (a token arriving from the connect page, a disconnect) in another view. */
export function onSettingsChanged(listener: () => void): void {
  chrome.storage.onChanged.addListener((_changes, areaName) => {
    if (areaName === 'local') listener();
  });
}
