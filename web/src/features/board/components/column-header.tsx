import { CARD_TRUNCATION, TIER_NAME_MAX_LENGTH, truncate, type Tier } from '@tend/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog, preloadDialogs } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { Tooltip } from '@/components/ui/tooltip';
import { useDeleteTier } from '../api/delete-tier';
import { useRenameTier } from '../api/rename-tier';
import { BOARD_MESSAGES } from '../messages';
import { CadenceMenu } from './cadence-menu';
import './column-header.css';

/** Spec: '1 contact' or 'N contacts'. */
export function contactCountLabel(count: number): string {
  return count === 1 ? '1 contact' : `${count} contacts`;
}

interface ColumnHeaderProps {
  tier: Tier;
  headingId: string;
  /** Cards shown (after the filter). */
  shownCount: number;
  /** Every card in the column: only an empty column may be deleted. */
  totalCount: number;
  /** Cards due today or overdue (filters aside). */
  dueCount?: number;
}

/**
 * Column name (truncated to 20; pencil to rename, committing on Enter or blur, Escape cancels),
 * the count and how many are due, the trash icon with its tooltip, and the cadence menu. The first
 * column (position 0) has no pencil and no trash.
 */
export function ColumnHeader({ tier, headingId, shownCount, totalCount, dueCount = 0 }: ColumnHeaderProps) {
  const rename = useRenameTier();
  const remove = useDeleteTier();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(tier.name);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const finished = useRef(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const locked = tier.position === 0;
  const deletable = totalCount === 0;

  const startEditing = () => {
    finished.current = false;
    setDraft(tier.name);
    setEditing(true);
  };

  const finish = (save: boolean, returnFocus: boolean) => {
    // Enter unmounts the input, which then blurs: commit once.
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    if (returnFocus) requestAnimationFrame(() => pencil.current?.focus());
    if (!save) return;
    const name = draft.trim();
    if (name === tier.name) return;
    if (!name) {
      notify.error(BOARD_MESSAGES.columnUpdateFailed, { detail: BOARD_MESSAGES.columnNameEmpty });
      return;
    }
    rename.mutate({ id: tier.id, name });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false, true);
    }
  };

  return (
    <header className="tier-column__header">
      <div className="tier-column__title-row">
        {editing ? (
          <input
            className="tier-column__rename"
            aria-label="Column name"
            value={draft}
            maxLength={TIER_NAME_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => finish(true, false)}
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
        ) : (
          <h2 id={headingId} className="tier-column__name" title={tier.name}>
            <span aria-hidden="true">{truncate(tier.name, CARD_TRUNCATION.column)}</span>
            <span className="visually-hidden">{tier.name}</span>
          </h2>
        )}
        {!locked && !editing ? (
          <button
            ref={pencil}
            type="button"
            className="icon-btn icon-btn--sm"
            aria-label={`Rename column ${tier.name}`}
            title="Rename column"
            onClick={startEditing}
          >
            <Pencil size={14} aria-hidden="true" />
          </button>
        ) : null}
        {!locked ? (
          <Tooltip content={deletable ? BOARD_MESSAGES.deleteColumn : BOARD_MESSAGES.columnMustBeEmpty}>
            <button
              type="button"
              className="icon-btn icon-btn--sm tier-column__delete"
              aria-label={`Delete column ${tier.name}`}
              aria-disabled={deletable ? undefined : true}
              {...(deletable ? {} : { 'aria-describedby': hintId })}
              // The confirmation's code, before the click asks for it (dialog.tsx loads it on first use).
              onPointerEnter={preloadDialogs}
              onFocus={preloadDialogs}
              onClick={() => {
                if (deletable) setConfirmingDelete(true);
              }}
            >
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </Tooltip>
        ) : null}
        {!locked && !deletable ? (
          <span id={hintId} className="visually-hidden">
            {BOARD_MESSAGES.columnMustBeEmpty}
          </span>
        ) : null}
        {editing ? null : <CadenceMenu tier={tier} />}
      </div>
      <p className="tier-column__meta">
        <span className="tier-column__count">{contactCountLabel(shownCount)}</span>
        {dueCount > 0 ? (
          <span className="tier-column__due">
            <span aria-hidden="true">{dueCount} due</span>
            <span className="visually-hidden">, {dueCount} due or overdue</span>
          </span>
        ) : null}
      </p>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete column?"
        description={
          <p>
            The empty column <strong>{tier.name}</strong> will be removed from your board.
          </p>
        }
        confirmLabel="Delete column"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate({ id: tier.id, name: tier.name }, { onSettled: () => setConfirmingDelete(false) })
        }
      />
    </header>
  );
}
