import { IMPORT_MAX_BYTES, type OnDuplicate, type Tier } from '@tend/contracts';
import { FileUp, FileText, FileX } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColumnSelectField } from '@/components/ui/column-select-field';
import { IMPORT_MESSAGES } from '../messages';
import { fileProblem, fileSize, IMPORT_FILE_ACCEPT } from '../utils/import-file';
import { StepHeading } from './step-heading';
import './choose-file-step.css';

export interface ImportChoice {
  file: File;
  tierId: number;
  onDuplicate: OnDuplicate;
}

interface ChooseFileStepProps {
  tiers: readonly Tier[];
  /** What was chosen before (coming back from the review). */
  initial: Partial<ImportChoice> | null;
  /** The server's or the picker's reasons the file was refused, shown until another file is chosen. */
  errors: readonly string[];
  /** `errors` refuse the file itself (it is not a CSV, vCard or export), not a passing failure to retry. */
  fileRefused: boolean;
  pending: boolean;
  takeFocus: boolean;
  onSubmit: (choice: ImportChoice) => void;
}

/** Step 1: the file, the column it goes to, and what to do with people already on the board. */
export function ChooseFileStep({
  tiers,
  initial,
  errors,
  fileRefused,
  pending,
  takeFocus,
  onSubmit,
}: ChooseFileStepProps) {
  const headingId = useId();
  const fileHintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(initial?.file ?? null);
  const [tierId, setTierId] = useState<number | undefined>(initial?.tierId ?? tiers[0]?.id);
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>(initial?.onDuplicate ?? 'skip');
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The server's answer is about the file it was given: a new file clears it.
  const [shownErrorsFor, setShownErrorsFor] = useState<File | null>(initial?.file ?? null);

  const pick = (chosen: File | null) => {
    setFile(chosen);
    setShownErrorsFor(null);
    setLocalError(chosen ? fileProblem(chosen) : null);
  };

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) pick(dropped);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = fileProblem(file);
    if (problem || !file || tierId === undefined) {
      setLocalError(problem);
      input.current?.focus();
      return;
    }
    setShownErrorsFor(file);
    onSubmit({ file, tierId, onDuplicate });
  };

  const serverErrors = file !== null && shownErrorsFor === file ? errors : [];
  const problems = localError ? [localError] : serverErrors;
  // A refused file looks refused and cannot be previewed until another is chosen (issue 27 point 2).
  const refused = file !== null && (localError !== null || (fileRefused && serverErrors.length > 0));

  return (
    <section className="import-step" aria-labelledby={headingId}>
      <StepHeading id={headingId} takeFocus={takeFocus}>
        Choose a file
      </StepHeading>
      <p className="import-step__lead">
        Bring in your LinkedIn network or your address book. You will see exactly what happens before anything is added
        to your board.
      </p>
      <form className="form import-form" onSubmit={handleSubmit} noValidate>
        <label
          className={[
            'import-drop',
            dragging ? 'import-drop--over' : '',
            refused ? 'import-drop--refused' : file ? 'import-drop--chosen' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
        >
          <input
            ref={input}
            type="file"
            name="file"
            className="import-drop__input"
            accept={IMPORT_FILE_ACCEPT}
            aria-describedby={fileHintId}
            aria-invalid={problems.length > 0 || undefined}
            onChange={(event) => pick(event.target.files?.[0] ?? null)}
          />
          {refused ? (
            <>
              <FileX size={28} aria-hidden="true" className="import-drop__icon" />
              <span className="import-drop__title">{file.name}</span>
              <span className="import-drop__text">Cannot be imported · Choose another file</span>
            </>
          ) : file ? (
            <>
              <FileText size={28} aria-hidden="true" className="import-drop__icon" />
              <span className="import-drop__title">{file.name}</span>
              <span className="import-drop__text">{fileSize(file.size)} · Choose another file</span>
            </>
          ) : (
            <>
              <FileUp size={28} aria-hidden="true" className="import-drop__icon" />
              <span className="import-drop__title">Choose a file or drop it here</span>
              <span className="import-drop__text">CSV, vCard (.vcf) or LinkedIn data-export ZIP</span>
            </>
          )}
        </label>
        <p id={fileHintId} className="field__hint">
          LinkedIn&rsquo;s <strong>Connections.csv</strong> or the whole data-export ZIP as you downloaded it, a vCard
          file from Google, Apple or Outlook Contacts, or any CSV with a header row. Up to{' '}
          {IMPORT_MAX_BYTES / 1024 / 1024} MB.
        </p>
        {problems.length > 0 ? (
          <Alert title="This file cannot be imported">
            {problems.length === 1 ? (
              <p>{problems[0]}</p>
            ) : (
              <ul className="alert__list">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Alert>
        ) : null}
        <details className="import-help">
          <summary>Where do I find my LinkedIn connections?</summary>
          <ol>
            <li>On LinkedIn, open Settings &amp; Privacy, then Data privacy.</li>
            <li>Choose &ldquo;Get a copy of your data&rdquo;, tick Connections and request the archive.</li>
            <li>When LinkedIn emails you, download the file and choose it here: the ZIP or its Connections.csv.</li>
          </ol>
        </details>

        <ColumnSelectField label="Add new people to column" tiers={tiers} value={tierId} onChange={setTierId} />

        <fieldset className="import-choice">
          <legend className="field__label">People already on your board</legend>
          <p className="field__hint">
            Someone is already on your board when a card has the same LinkedIn URL or email.
          </p>
          <label className="import-choice__option">
            <input
              type="radio"
              name="on_duplicate"
              value="skip"
              checked={onDuplicate === 'skip'}
              onChange={() => setOnDuplicate('skip')}
            />
            <span>
              <span className="import-choice__title">Skip them</span>
              <span className="import-choice__text">Their cards stay as they are.</span>
            </span>
          </label>
          <label className="import-choice__option">
            <input
              type="radio"
              name="on_duplicate"
              value="update"
              checked={onDuplicate === 'update'}
              onChange={() => setOnDuplicate('update')}
            />
            <span>
              <span className="import-choice__title">Update their cards</span>
              <span className="import-choice__text">
                Title, company, email and the other details come from the file; names and columns stay.
              </span>
            </span>
          </label>
        </fieldset>

        <div className="form__actions">
          <Button type="submit" loading={pending} disabled={tierId === undefined || refused}>
            Preview import
          </Button>
        </div>
        {pending ? (
          <p className="field__hint" role="status">
            {IMPORT_MESSAGES.reading}
          </p>
        ) : null}
      </form>
    </section>
  );
}
