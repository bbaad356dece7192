import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface BoardFilter {
  query: string;
  setQuery: (query: string) => void;
}

const BoardFilterContext = createContext<BoardFilter | null>(null);

/** Holds the top bar's filter text for the board below it. */
export function BoardFilterProvider({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const value = useMemo(() => ({ query, setQuery }), [query]);
  return <BoardFilterContext.Provider value={value}>{children}</BoardFilterContext.Provider>;
}

export function useBoardFilter(): BoardFilter {
  const value = useContext(BoardFilterContext);
  if (!value) throw new Error('useBoardFilter must be used inside BoardFilterProvider.');
  return value;
}
