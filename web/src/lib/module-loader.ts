import { useEffect, useState } from 'react';

/** A group of lazily loaded modules, fetched once; `loaded` holds them once they are in. */
export interface ModuleLoader<Modules> {
  (): Promise<Modules>;
  readonly loaded: Modules | undefined;
}

/**
 * Loads `load`'s modules on the first call and hands every later call the same promise, so the
 * first screen's preload (app/preload.ts) and the screen that renders them share one fetch, and
 * a screen can tell synchronously that its code is in. A failed load is forgotten: the next call
 * tries again.
 */
export function moduleLoader<Modules>(load: () => Promise<Modules>): ModuleLoader<Modules> {
  let pending: Promise<Modules> | undefined;
  let loaded: Modules | undefined;
  const start = () =>
    (pending ??= load().then(
      (modules) => (loaded = modules),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return Object.defineProperty(start, 'loaded', { get: () => loaded }) as ModuleLoader<Modules>;
}

/** Starts a load ahead of use (a trigger hovered or focused); a failure waits for the real use. */
export function preload(loader: ModuleLoader<unknown>): void {
  if (!loader.loaded) loader().catch(() => undefined);
}

/**
 * The loader's modules once they are in: at once when they already are (the same render, no
 * flash), else `undefined` until they arrive. Loads only while `wanted` (a dialog while open), so a
 * closed dialog that was never opened costs nothing. A failed load stays `undefined`; the next time
 * `wanted` turns true tries again.
 */
export function useLoadedModules<Modules>(loader: ModuleLoader<Modules>, wanted = true): Modules | undefined {
  const [, setArrived] = useState(0);
  const modules = loader.loaded;
  useEffect(() => {
    if (!wanted || modules) return undefined;
    let current = true;
    loader().then(
      () => current && setArrived((count) => count + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loader, wanted, modules]);
  return modules;
}
