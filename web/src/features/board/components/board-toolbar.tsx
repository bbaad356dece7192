import { BoardFilterInput } from './board-filter-input';
import '../board-toolbar.css';

/**
 * What the top bar shows above the board: the filter box. '+ Add Column' is the spec's one control
 * at the end of the row of columns; a second one up here, styled differently, was one too many
 * (issue 27 point 7).
 */
export function BoardToolbar() {
  return (
    <div className="board-toolbar">
      <BoardFilterInput />
    </div>
  );
}
