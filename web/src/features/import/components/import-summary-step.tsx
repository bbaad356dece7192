import type { Import } from '@tend/contracts';
import { WORDS } from '@tend/contracts';
import { CircleCheck, CircleSlash, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { boardImportPath, ROUTES } from '@/lib/routes';
import { people } from '../messages';
import { StepHeading } from './step-heading';
import { UpgradeOffer, type UpgradeAction } from './upgrade-offer';
import './import-summary-step.css';

interface ImportSummaryStepProps {
  run: Import;
  tierName: string;
  upgrade: UpgradeAction;
  takeFocus: boolean;
  onImportAnother: () => void;
}

function title(run: Import): string {
  if (run.state === 'failed') return 'The import stopped';
  if (run.state === 'cancelled') return WORDS.importCanceled;
  return 'Import complete';
}

/** Step 4 at the end: the counts, how it ended, and the way to the board filtered to what came in. */
export function ImportSummaryStep({ run, tierName, upgrade, takeFocus, onImportAnother }: ImportSummaryStepProps) {
  const headingId = useId();
  const Icon = run.state === 'done' ? CircleCheck : run.state === 'failed' ? TriangleAlert : CircleSlash;
  // Issue 26: `imported` counts everyone added, on the board and into the network.
  const onBoard = run.imported - run.to_network;
  const counts: [string, number][] = [
    [`Added to ${tierName}`, onBoard],
    [WORDS.intoNetwork, run.to_network],
    ['Updated', run.updated],
    ['Already on your board, skipped', run.skipped],
    ['Not imported: free plan full', run.over_limit],
    ['Unreadable, left out', run.unreadable],
  ];
  const shown = counts.filter(([label, count]) => count > 0 || label.startsWith('Added'));
  return (
    <section className="import-step" aria-labelledby={headingId}>
      <div className={`import-summary__icon import-summary__icon--${run.state}`} aria-hidden="true">
        <Icon size={28} />
      </div>
      <StepHeading id={headingId} takeFocus={takeFocus}>
        {title(run)}
      </StepHeading>
      <p className="import-step__lead">
        {run.to_network > 0
          ? `${people(onBoard)} from ${run.file_name} on your board, ${people(run.to_network)} in your network.`
          : run.state === 'done'
            ? `${people(onBoard)} from ${run.file_name} ${onBoard === 1 ? 'is' : 'are'} now on your board.`
            : `${people(onBoard)} from ${run.file_name} made it onto your board.`}
      </p>
      <dl className="import-summary">
        {shown.map(([label, count]) => (
          <div key={label} className="import-summary__row">
            <dt>{label}</dt>
            <dd>{count.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {run.message ? <Alert tone={run.state === 'cancelled' ? 'info' : 'warning'}>{run.message}</Alert> : null}
      {run.limit_reached ? (
        <UpgradeOffer upgrade={upgrade}>
          Upgrade for unlimited contacts, then import the same file again to bring in the rest: nobody is added twice.
        </UpgradeOffer>
      ) : null}
      <div className="form__actions">
        <Button variant="secondary" onClick={onImportAnother}>
          Import another file
        </Button>
        {run.to_network > 0 ? (
          <Link to={ROUTES.network} className={buttonClassName({ variant: onBoard > 0 ? 'secondary' : 'primary' })}>
            {WORDS.openNetwork}
          </Link>
        ) : null}
        {onBoard > 0 ? (
          <Link to={boardImportPath(run.id)} className={buttonClassName({})}>
            See the {people(onBoard)} on your board
          </Link>
        ) : (
          <Link
            to={ROUTES.board}
            className={buttonClassName({ variant: run.to_network > 0 ? 'secondary' : 'primary' })}
          >
            Go to your board
          </Link>
        )}
      </div>
    </section>
  );
}
