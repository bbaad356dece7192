import type { Import } from '@tend/contracts';
import { FileDown, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { people } from '../messages';
import './imported-filter-banner.css';

interface ImportedFilterBannerProps {
  /** The import the board is narrowed to; undefined while it loads. */
  run: Import | undefined;
  /** The import could not be read (gone, or another user's): the board shows everyone. */
  failed: boolean;
  /** How many of its cards the board shows (the free plan may hide some). */
  shown: number;
  onClear: () => void;
}

function text(run: Import | undefined, failed: boolean, shown: number): string {
  if (failed) return 'That import is no longer available, so the board shows all your contacts.';
  if (!run) return 'Loading the people of this import…';
  return `Showing the ${people(shown)} imported from ${run.file_name}.`;
}

/** Above the board narrowed to what one import brought in: what is shown, and the way back to everyone. */
export function ImportedFilterBanner({ run, failed, shown, onClear }: ImportedFilterBannerProps) {
  return (
    <div className="imported-filter" role="status">
      {run || failed ? <FileDown size={16} aria-hidden="true" /> : <Spinner size={16} />}
      <p className="imported-filter__text">{text(run, failed, shown)}</p>
      <Button variant="ghost" size="sm" icon={<X size={14} aria-hidden="true" />} onClick={onClear}>
        {failed ? 'Dismiss' : 'Show all contacts'}
      </Button>
    </div>
  );
}
