import type { KeyValueArea } from '../shared/settings';

/** A Map-backed stand-in for `chrome.storage.local`. */
export function memoryArea(initial: Record<string, unknown> = {}): KeyValueArea & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (keys) => Promise.resolve(Object.fromEntries(keys.filter((k) => data.has(k)).map((k) => [k, data.get(k)]))),
    set: (items) => {
      for (const [key, value] of Object.entries(items)) data.set(key, value);
      return Promise.resolve();
    },
    remove: (keys) => {
      for (const key of keys) data.delete(key);
      return Promise.resolve();
    },
  };
}
