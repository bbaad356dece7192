import { useCallback, useRef, useState } from 'react';

/** A click on a row's checkbox: with Shift, the range from the last clicked row is set alike. */
export interface SelectionClick {
  index: number;
  id: number;
  shift: boolean;
}

/**
 * The rows chosen in a list of people, by id (a new search keeps them: a person chosen while
 * searching for "Acme" stays chosen while searching for "Globex"). A shift-click sets every row
 * between the last click and this one to this row's new state, as a mail client does.
 */
export function useSelection(idAt: (index: number) => number | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);

  const toggle = useCallback(
    ({ index, id, shift }: SelectionClick) => {
      // Read now: the updater below runs later, after the anchor has moved to this row.
      const from = shift && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = shift && anchor.current !== null ? Math.max(anchor.current, index) : index;
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        for (let i = from; i <= to; i++) {
          const rowId = i === index ? id : idAt(i);
          if (rowId === undefined) continue;
          if (on) next.add(rowId);
          else next.delete(rowId);
        }
        return next;
      });
      anchor.current = index;
    },
    [idAt],
  );

  const replace = useCallback((ids: Iterable<number>) => {
    setSelected(new Set(ids));
    anchor.current = null;
  }, []);

  const clear = useCallback(() => replace([]), [replace]);

  return { selected, toggle, replace, clear };
}
