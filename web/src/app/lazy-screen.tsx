import { createElement, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ModuleLoader } from '@/lib/module-loader';

// The loader lives in lib, where shared components (menus, dialogs) load their own code with it.
export { moduleLoader, type ModuleLoader } from '@/lib/module-loader';

/**
 * A component whose code loads on demand. Once its modules are in (preloaded), it renders at once,
 * in its parent's commit. Before that, without `fallback`, it is a `React.lazy` component that
 * suspends to the nearest Suspense boundary (a navigation, being a transition, then keeps the
 * screen it leaves until the code is in); with `fallback`, it shows that as an ordinary render and
 * the component as soon as its code arrives (for dialogs, whose boundary would be new anyway).
 *
 * Why not `React.lazy` alone: it suspends on its first render even when the code arrived long
 * ago (it learns so only through a promise), and React reveals a Suspense boundary no sooner than
 * 300 ms after the last fallback it committed (FALLBACK_THROTTLE_MS, against a "popcorn" of
 * spinners). The board's route passed two such boundaries, so its cards appeared about 300 ms
 * after their code and data were in, and a contact's dialog 300 ms after its code (docs/PERFORMANCE.md,
 * issue 28).
 */
export function lazyScreen<Modules, Props extends object>(
  loader: ModuleLoader<Modules>,
  pick: (modules: Modules) => ComponentType<Props>,
  fallback?: ReactNode,
): ComponentType<Props> {
  if (fallback !== undefined) {
    return function LazyWithFallback(props: Props) {
      const [modules, setModules] = useState(() => loader.loaded);
      const [failure, setFailure] = useState<{ error: unknown } | null>(null);
      useEffect(() => {
        if (modules) return undefined;
        let current = true;
        loader().then(
          (loaded) => current && setModules(() => loaded),
          (error: unknown) => current && setFailure({ error }),
        );
        return () => {
          current = false;
        };
      }, [modules]);
      // As React.lazy does: a failed load goes to the nearest error boundary.
      if (failure) throw failure.error;
      return modules ? createElement(pick(modules), props) : fallback;
    };
  }
  const Suspending = lazy(async () => ({ default: pick(await loader()) }));
  return function LazyScreen(props: Props) {
    const modules = loader.loaded;
    // After a suspension, React's retry renders this again once `loaded` is set (the loader's own
    // `then` runs before React's), so the lazy element never commits and nothing remounts.
    return modules ? createElement(pick(modules), props) : createElement(Suspending, props);
  };
}
