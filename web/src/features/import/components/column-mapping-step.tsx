import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportMapping } from '@tend/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { IMPORT_MESSAGES } from '../messages';
import { cleanMapping, mappingHasName } from '../utils/import-file';
import { StepHeading } from './step-heading';
import './column-mapping-step.css';

interface ColumnMappingStepProps {
  fileName: string;
  /** The file's header, in order. */
  columns: readonly string[];
  /** The server's guess from the header names. */
  guessed: ImportMapping;
  errors: readonly string[];
  pending: boolean;
  takeFocus: boolean;
  onBack: () => void;
  onSubmit: (mapping: ImportMapping) => void;
}

/** Step 2, for a generic CSV only: which column holds which field, starting from the server's guess. */
export function ColumnMappingStep({
  fileName,
  columns,
  guessed,
  errors,
  pending,
  takeFocus,
  onBack,
  onSubmit,
}: ColumnMappingStepProps) {
  const headingId = useId();
  const fieldId = useId();
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({ ...guessed });
  const [tried, setTried] = useState(false);
  const clean = cleanMapping(mapping);
  const missingName = !mappingHasName(clean);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missingName) return;
    onSubmit(clean);
  };

  return (
    <section className="import-step" aria-labelledby={headingId}>
      <StepHeading id={headingId} takeFocus={takeFocus}>
        Match the columns
      </StepHeading>
      <p className="import-step__lead">
        We matched the columns of <strong>{fileName}</strong> by their names. Check each field; a field left on
        &ldquo;Not imported&rdquo; stays empty on the cards.
      </p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="import-mapping" role="group" aria-labelledby={headingId}>
          <div className="import-mapping__head" aria-hidden="true">
            <span>Field on the card</span>
            <span>Column in your file</span>
          </div>
          {IMPORT_FIELDS.map((field) => {
            const id = `${fieldId}-${field}`;
            return (
              <div key={field} className="import-mapping__row">
                <label htmlFor={id} className="import-mapping__field">
                  {IMPORT_FIELD_LABELS[field]}
                </label>
                <div className="field__control">
                  <select
                    id={id}
                    className="field__input field__select"
                    value={mapping[field] ?? ''}
                    onChange={(event) => setMapping((current) => ({ ...current, [field]: event.target.value }))}
                  >
                    <option value="">Not imported</option>
                    {columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            );
          })}
        </div>
        {tried && missingName ? <Alert>{IMPORT_MESSAGES.noName}</Alert> : null}
        {errors.length > 0 ? (
          <Alert title="These columns cannot be used">
            <ul className="alert__list">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="form__actions">
          <Button variant="secondary" onClick={onBack} disabled={pending}>
            Back
          </Button>
          <Button type="submit" loading={pending}>
            Continue
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
