import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content is hidden to the left (the scroller is not at its start). */
  start: boolean;
  /** Content is hidden to the right. */
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * Which sides of a horizontal scroller hide content, kept current as it scrolls, resizes or its
 * content changes (`contentKey`): the board shades those edges so a user sees there is more.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey: unknown): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    // One pixel of slack: zoomed pages report fractional positions.
    const next = { start: element.scrollLeft > 1, end: hidden - element.scrollLeft > 1 };
    setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure, contentKey]);

  return edges;
}
