import type { Import } from '@tend/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { people } from '../messages';
import { progressOf } from '../utils/import-file';
import { StepHeading } from './step-heading';
import './import-progress-step.css';

interface ImportProgressStepProps {
  run: Import;
  tierName: string;
  cancelling: boolean;
  takeFocus: boolean;
  onCancel: () => void;
}

/** Step 4 while the job runs: a progress bar fed by polling `GET /api/imports/{id}`, and Cancel. */
export function ImportProgressStep({ run, tierName, cancelling, takeFocus, onCancel }: ImportProgressStepProps) {
  const headingId = useId();
  const { value, max, percent } = progressOf(run);
  const text = `${value.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} rows`;
  return (
    <section className="import-step" aria-labelledby={headingId} aria-busy="true">
      <StepHeading id={headingId} takeFocus={takeFocus}>
        Importing {run.file_name}
      </StepHeading>
      <p className="import-step__lead">
        {run.tier_id === null
          ? 'Everyone new goes into your network.'
          : run.fits < run.new
            ? `New people go to the top of ${tierName} as far as your board has room, the rest into your network.`
            : `New people go to the top of ${tierName}.`}{' '}
        You can leave this page: the import carries on.
      </p>
      <div
        className="import-progress"
        role="progressbar"
        aria-labelledby={headingId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={`${text}, ${percent}%`}
      >
        <div className="import-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="import-progress__text">
        <span>{text}</span>
        <span className="muted">
          {people(run.imported)} added
          {run.updated > 0 ? ` · ${run.updated.toLocaleString('en-US')} updated` : ''}
        </span>
      </p>
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel} loading={cancelling}>
          Cancel import
        </Button>
      </div>
    </section>
  );
}
