import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: what can wait for the screen to
 * appear (the board's shells, see CardList) renders in a second pass, as a transition, so React
 * yields to input while it renders and the first frame does not wait for it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An animation frame callback runs just before the frame's paint; a task queued from it runs
    // after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
