/**
 * Stands for what a `beforeAll` hook makes (an app, a database), so a file can name it once at its
 * top: reading it before the hook has run is an error that says so.
 */
export function startedLater<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (!value) throw new Error(`${what} starts before the tests: use it inside a test or a later hook.`);
      return Reflect.get(value, key) as unknown;
    },
  });
}
