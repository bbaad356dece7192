import { useSyncExternalStore } from 'react';

/** Whether the code the first screen's preload started is in (or failed to load). */
let codeIn = true;
const listeners = new Set<() => void>();

/** Called by the preload (preload.ts) with the first screen's code, once per visit. */
export function holdFirstScreenUntil(code: Promise<unknown>): void {
  codeIn = false;
  const done = () => {
    codeIn = true;
    for (const listener of listeners) listener();
  };
  code.then(done, done);
}

/**
 * Whether the code the first screen's preload started is in. The route gate keeps its spinner
 * until then, as for the session: a screen whose code arrived after the session would otherwise
 * suspend, and React reveals a Suspense boundary no sooner than 300 ms after its fallback
 * (lazy-screen.tsx). Once in, it stays in: later navigations load their code as they go.
 */
export function useFirstScreenCode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => codeIn,
  );
}
