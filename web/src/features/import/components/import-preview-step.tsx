import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type Import } from '@tend/contracts';
import { CircleAlert, CopyCheck, UserPlus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { people, rows } from '../messages';
import { hasWork, IMPORT_FORMAT_LABELS, toAdd } from '../utils/import-file';
import { StepHeading } from './step-heading';
import { UpgradeOffer, type UpgradeAction } from './upgrade-offer';
import './import-preview-step.css';

interface ImportPreviewStepProps {
  run: Import;
  tierName: string;
  upgrade: UpgradeAction;
  starting: boolean;
  takeFocus: boolean;
  /** Back to the file (or to the columns, for a generic CSV whose file is still at hand). */
  onBack: () => void;
  /** Present when the columns can be matched again (the file is still at hand). */
  onChangeColumns?: (() => void) | undefined;
  onStart: () => void;
}

function Stat({ icon, count, label, detail }: { icon: ReactNode; count: number; label: string; detail: string }) {
  return (
    <li className="import-stat">
      <span className="import-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="import-stat__count">{count.toLocaleString('en-US')}</span>
      <span className="import-stat__label">{label}</span>
      <span className="import-stat__detail">{detail}</span>
    </li>
  );
}

/** Step 3: what would happen (new, already on the board, unreadable and why, the plan's room), then Import. */
export function ImportPreviewStep({
  run,
  tierName,
  upgrade,
  starting,
  takeFocus,
  onBack,
  onChangeColumns,
  onStart,
}: ImportPreviewStepProps) {
  const headingId = useId();
  const errorsId = useId();
  const noteId = useId();
  const adding = toAdd(run);
  const limited = run.card_limit !== null;
  const leftOut = run.new - adding;
  const work = hasWork(run);
  const mapped = run.mapping ? IMPORT_FIELDS.filter((field) => run.mapping?.[field]) : [];

  let nothingToDo: string | null = null;
  if (!work) {
    if (run.new > 0) nothingToDo = 'Your free plan has no free cards left, so nobody can be added.';
    else if (run.duplicates > 0) nothingToDo = 'Everyone readable in this file is already on your board.';
    else nothingToDo = 'This file holds nobody we can add.';
  }

  return (
    <section className="import-step" aria-labelledby={headingId}>
      <StepHeading id={headingId} takeFocus={takeFocus}>
        Review the import
      </StepHeading>
      <p className="import-step__lead">
        <strong>{run.file_name}</strong> · {IMPORT_FORMAT_LABELS[run.format]} · {people(run.total)} in the file. Nothing
        has been added yet.
      </p>

      <ul className="import-stats" aria-label="What the import will do">
        <Stat
          icon={<UserPlus size={18} />}
          count={run.new}
          label="New"
          detail={run.new === 0 ? 'Nobody new' : `Added to ${tierName}`}
        />
        <Stat
          icon={<CopyCheck size={18} />}
          count={run.duplicates}
          label="Already on your board"
          detail={
            run.duplicates === 0
              ? 'No duplicates'
              : run.on_duplicate === 'update'
                ? 'Their cards are updated'
                : 'Skipped'
          }
        />
        <Stat
          icon={<CircleAlert size={18} />}
          count={run.unreadable}
          label="Unreadable"
          detail={run.unreadable === 0 ? 'Every row reads well' : 'Left out (see below)'}
        />
      </ul>

      {limited && leftOut > 0 ? (
        <>
          <Alert title={`${adding.toLocaleString('en-US')} of the ${people(run.new)} fit in your free plan`}>
            The free plan holds {run.card_limit} cards, and you have room for {adding.toLocaleString('en-US')} more.{' '}
            {people(leftOut)} would not be imported.
          </Alert>
          <UpgradeOffer upgrade={upgrade}>
            Upgrade for unlimited contacts and import all {people(run.new)}. You can also import now and bring in the
            rest after upgrading: nobody is added twice.
          </UpgradeOffer>
        </>
      ) : limited && run.new > 0 ? (
        <p className="import-step__note">
          All {people(run.new)} fit in your free plan&rsquo;s {run.card_limit} cards.
        </p>
      ) : null}

      {mapped.length > 0 ? (
        <section className="import-columns" aria-label="Columns used">
          <p className="import-columns__title">Columns used</p>
          <ul className="import-columns__list">
            {mapped.map((field) => (
              <li key={field}>
                <span className="import-columns__field">{IMPORT_FIELD_LABELS[field]}</span>
                <span aria-hidden="true"> ← </span>
                <span className="visually-hidden"> from </span>
                <span className="import-columns__column">{run.mapping?.[field]}</span>
              </li>
            ))}
          </ul>
          {onChangeColumns ? (
            <Button variant="link" size="sm" onClick={onChangeColumns}>
              Change columns
            </Button>
          ) : null}
        </section>
      ) : null}

      {run.unreadable > 0 ? (
        <section className="import-errors" aria-labelledby={errorsId}>
          <h3 id={errorsId} className="import-errors__title">
            {rows(run.unreadable)} cannot be read
          </h3>
          <ul className="import-errors__list">
            {run.errors.map((error) => (
              <li key={`${error.row}-${error.message}`}>
                <span className="import-errors__row">Row {error.row}</span> {error.message}
              </li>
            ))}
          </ul>
          {run.unreadable > run.errors.length ? (
            <p className="import-errors__more">
              and {rows(run.unreadable - run.errors.length)} more with problems like these.
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="form__actions">
        <Button variant="secondary" onClick={onBack} disabled={starting}>
          Back
        </Button>
        <Button
          onClick={onStart}
          loading={starting}
          disabled={!work}
          aria-describedby={nothingToDo ? noteId : undefined}
        >
          {adding > 0
            ? `Import ${people(adding)}`
            : work
              ? `Update ${run.duplicates === 1 ? '1 card' : `${run.duplicates.toLocaleString('en-US')} cards`}`
              : 'Import'}
        </Button>
      </div>
      {nothingToDo ? <ActionNote id={noteId}>{nothingToDo}</ActionNote> : null}
    </section>
  );
}
