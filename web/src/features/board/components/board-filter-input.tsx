import { BellRing, Search, X } from 'lucide-react';
import { useBoardFilter } from '../hooks/use-board-filter';
import '../board-toolbar.css';

/**
 * The top bar's filter box (the board narrows its cards to matching names, titles and companies)
 * and the Due toggle beside it (only the cards due today or overdue).
 */
export function BoardFilterInput() {
  const { query, setQuery, dueOnly, setDueOnly } = useBoardFilter();
  return (
    <>
      <div className="filter-box">
        <Search size={16} aria-hidden="true" className="filter-box__icon" />
        <label htmlFor="board-filter" className="visually-hidden">
          Filter contacts
        </label>
        <input
          id="board-filter"
          type="search"
          className="filter-box__input"
          // Short enough to show whole at 1280 px beside Board, Today and Network (the box is ~200 px
          // there); "Filter" is already said by the icon and the label.
          placeholder="Name, title or company"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        {query ? (
          <button
            type="button"
            className="icon-btn icon-btn--sm"
            aria-label="Clear filter"
            onClick={() => setQuery('')}
          >
            <X size={14} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className={`due-toggle${dueOnly ? ' due-toggle--on' : ''}`}
        aria-pressed={dueOnly}
        title="Show only the people due today or overdue"
        onClick={() => setDueOnly(!dueOnly)}
      >
        <BellRing size={14} aria-hidden="true" />
        Due
      </button>
    </>
  );
}
