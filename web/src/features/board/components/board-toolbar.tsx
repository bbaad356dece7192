import { AddColumnButton } from './add-column-button';
import { BoardFilterInput } from './board-filter-input';
import '../board-toolbar.css';

/** What the top bar shows above the board: the filter box and '+ Add Column'. */
export function BoardToolbar() {
  return (
    <div className="board-toolbar">
      <BoardFilterInput />
      <AddColumnButton size="sm" className="board-toolbar__add-column" />
    </div>
  );
}
