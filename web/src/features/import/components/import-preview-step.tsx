import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  importAllFitMessage,
  importSplitMessage,
  WORDS,
  type Import,
  type Tier,
} from '@tend/contracts';
import { CircleAlert, CopyCheck, UserPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Button } from '@/components/ui/button';
import { ColumnSelectField } from '@/components/ui/column-select-field';
import { DESTINATION_MESSAGES, people, rows } from '../messages';
import { hasWork, IMPORT_FORMAT_LABELS, toAdd } from '../utils/import-file';
import { StepHeading } from './step-heading';
import { UpgradeOffer, type UpgradeAction } from './upgrade-offer';
import './import-preview-step.css';

interface ImportPreviewStepProps {
  run: Import;
  /** The board's columns: the destination's choice. */
  tiers: readonly Tier[];
  upgrade: UpgradeAction;
  starting: boolean;
  takeFocus: boolean;
  /** Back to the file (or to the columns, for a generic CSV whose file is still at hand). */
  onBack: () => void;
  /** Present when the columns can be matched again (the file is still at hand). */
  onChangeColumns?: (() => void) | undefined;
  /** Starts the run: the board's part into this column, or everyone into the network (null). */
  onStart: (tierId: number | null) => void;
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
  tiers,
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
  const destinationId = useId();
  const fits = toAdd(run);
  const limited = run.card_limit !== null;
  const leftOut = run.new - fits;
  const work = hasWork(run);
  const [toBoard, setToBoard] = useState(true);
  const [tierId, setTierId] = useState<number | undefined>(
    tiers.find((tier) => tier.id === run.tier_id)?.id ?? tiers[0]?.id,
  );
  const tierName = tiers.find((tier) => tier.id === tierId)?.name ?? 'your board';
  const destination = toBoard && tierId !== undefined ? tierId : null;
  const onBoard = destination === null ? 0 : fits;
  const mapped = run.mapping ? IMPORT_FIELDS.filter((field) => run.mapping?.[field]) : [];

  let nothingToDo: string | null = null;
  if (!work) {
    if (run.duplicates > 0) nothingToDo = 'Everyone readable in this file is already on your board.';
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
          detail={
            run.new === 0
              ? 'Nobody new'
              : onBoard === 0
                ? DESTINATION_MESSAGES.allToNetwork
                : onBoard === run.new
                  ? `Added to ${tierName}`
                  : DESTINATION_MESSAGES.splitDetail(onBoard, tierName)
          }
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

      {run.new > 0 ? (
        <p className="import-split">
          {limited && leftOut > 0 ? importSplitMessage(run.new, fits, 'free plan') : importAllFitMessage(run.new)}
        </p>
      ) : null}

      {run.new > 0 ? (
        <fieldset className="import-choice import-destination" aria-describedby={destinationId}>
          <legend className="field__label">{DESTINATION_MESSAGES.legend}</legend>
          <p id={destinationId} className="import-step__note">
            {DESTINATION_MESSAGES.hint}
          </p>
          <label className="import-choice__option">
            <input type="radio" name="destination" checked={toBoard} onChange={() => setToBoard(true)} />
            {limited && leftOut > 0
              ? DESTINATION_MESSAGES.boardSplit(fits, leftOut)
              : DESTINATION_MESSAGES.board(run.new)}
          </label>
          {toBoard ? (
            <ColumnSelectField
              className="import-destination__column"
              label={WORDS.column}
              tiers={tiers}
              value={tierId}
              onChange={setTierId}
            />
          ) : null}
          <label className="import-choice__option">
            <input type="radio" name="destination" checked={!toBoard} onChange={() => setToBoard(false)} />
            {WORDS.networkOnly}: {DESTINATION_MESSAGES.networkOnly(run.new)}
          </label>
        </fieldset>
      ) : null}

      {limited && leftOut > 0 ? (
        <UpgradeOffer upgrade={upgrade}>
          Upgrade for unlimited cards and put all {people(run.new)} on your board. You can also import now: everyone
          goes into your network, and you choose who goes on the board next.
        </UpgradeOffer>
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
          onClick={() => onStart(destination)}
          loading={starting}
          disabled={!work}
          aria-describedby={nothingToDo ? noteId : undefined}
        >
          {run.new > 0
            ? `Import ${people(run.new)}`
            : work
              ? `Update ${run.duplicates === 1 ? '1 card' : `${run.duplicates.toLocaleString('en-US')} cards`}`
              : 'Import'}
        </Button>
      </div>
      {nothingToDo ? <ActionNote id={noteId}>{nothingToDo}</ActionNote> : null}
    </section>
  );
}
