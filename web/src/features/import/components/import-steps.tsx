import { Check } from 'lucide-react';
import './import-steps.css';

export type ImportStepKey = 'choose' | 'map' | 'review' | 'import';

const LABELS: Record<ImportStepKey, string> = {
  choose: 'Choose a file',
  map: 'Match columns',
  review: 'Review',
  import: 'Import',
};

/** Where the person is in the import: the steps in order, the current one marked for assistive tech. */
export function ImportSteps({ current, withMapping }: { current: ImportStepKey; withMapping: boolean }) {
  const steps: ImportStepKey[] = withMapping ? ['choose', 'map', 'review', 'import'] : ['choose', 'review', 'import'];
  const at = steps.indexOf(current);
  return (
    <nav aria-label="Import steps">
      <ol className="import-steps">
        {steps.map((step, index) => {
          const state = index < at ? 'done' : index === at ? 'current' : 'next';
          return (
            <li
              key={step}
              className={`import-steps__step import-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="import-steps__marker" aria-hidden="true">
                {state === 'done' ? <Check size={14} /> : index + 1}
              </span>
              <span>
                {LABELS[step]}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
