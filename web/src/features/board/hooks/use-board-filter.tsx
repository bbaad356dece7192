import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface BoardFilter {
  query: string;
  setQuery: (query: string) => void;
  /** The "Due" toggle: only the cards due today or overdue. */
  dueOnly: boolean;
  setDueOnly: (dueOnly: boolean) => void;
  /** Turns every filter off (the text and the Due toggle). */
  clear: () => void;
}

const BoardFilterContext = createContext<BoardFilter | null>(null);

/** Holds the top bar's filters (the text box and the Due toggle) for the board below it. */
export function BoardFilterProvider({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const [dueOnly, setDueOnly] = useState(false);
  const clear = useCallback(() => {
    setQuery('');
    setDueOnly(false);
  }, []);
  const value = useMemo(() => ({ query, setQuery, dueOnly, setDueOnly, clear }), [query, dueOnly, clear]);
  return <BoardFilterContext.Provider value={value}>{children}</BoardFilterContext.Provider>;
}

export function useBoardFilter(): BoardFilter {
  const value = useContext(BoardFilterContext);
  if (!value) throw new Error('useBoardFilter must be used inside BoardFilterProvider.');
  return value;
}
