import { Outlet } from 'react-router-dom';
import { BoardFilterInput } from '../../features/board/components/board-filter-input';
import { BoardFilterProvider } from '../../features/board/hooks/use-board-filter';
import { TopBar } from './top-bar';

/** Board screens: top bar with the filter box above the columns. */
export function BoardLayout() {
  return (
    <BoardFilterProvider>
      <div className="app-shell">
        <TopBar filter={<BoardFilterInput />} />
        <main className="app-shell__main app-shell__main--board">
          <Outlet />
        </main>
      </div>
    </BoardFilterProvider>
  );
}
