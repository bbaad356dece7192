import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './step-heading.css';

interface StepHeadingProps {
  id?: string;
  /** Moves focus here when the step appears after another one (not on the page's first load). */
  takeFocus: boolean;
  children: ReactNode;
}

/**
 * Each step's heading. When a step replaces another, focus moves to its heading, so keyboard and
 * screen reader users continue from the top of what is new instead of from a button that is gone.
 */
export function StepHeading({ id, takeFocus, children }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Only when the step appears: a failed submit within the step leaves focus where it is.
  const focusOnMount = useRef(takeFocus);
  useLayoutEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="import-step__title">
      {children}
    </h2>
  );
}
