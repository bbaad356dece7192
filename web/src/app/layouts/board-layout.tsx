import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { BoardToolbar } from '@/features/board/components/board-toolbar';
import { BoardFilterProvider } from '@/features/board/hooks/use-board-filter';
import { TopBar } from './top-bar';
import './app-shell.css';

/** Board screens: the top bar with the board's toolbar (filter box, '+ Add Column') above the columns. */
export function BoardLayout() {
  return (
    <BoardFilterProvider>
      <div className="app-shell">
        <TopBar toolbar={<BoardToolbar />} />
        <main className="app-shell__main app-shell__main--board">
          <Suspense fallback={<PageSpinner label="Loading Tend" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </BoardFilterProvider>
  );
}
