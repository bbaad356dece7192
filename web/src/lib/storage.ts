/** Local storage keys (spec: session user and CSRF token are kept in the browser's local storage). */
export const STORAGE_KEYS = {
  csrfToken: 'tend.csrf-token',
  currentUser: 'tend.current-user',
} as const;

/** Reads a key; returns null when storage is unavailable (private mode, disabled cookies). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is a cache only; the server session stays the source of truth.
  }
}
