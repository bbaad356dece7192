import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { BoardFilterInput } from '@/features/board/components/board-filter-input';
import { BoardFilterProvider } from '@/features/board/hooks/use-board-filter';
import { TopBar } from './top-bar';
import './app-shell.css';

/** Board screens: top bar with the filter box above the columns. */
export function BoardLayout() {
  return (
    <BoardFilterProvider>
      <div className="app-shell">
        <TopBar filter={<BoardFilterInput />} />
        <main className="app-shell__main app-shell__main--board">
          <Suspense fallback={<PageSpinner label="Loading Tend" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </BoardFilterProvider>
  );
}
