import { Crown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Button } from '@/components/ui/button';
import './upgrade-offer.css';

/** The billing feature's upgrade, composed by the app. */
export interface UpgradeAction {
  onUpgrade: () => void;
  upgrading: boolean;
  /** Why Premium cannot be bought here (billing not configured), or null. */
  unavailable: string | null;
}

/** The free plan's offer where an import meets its limit: what stays out, and Upgrade. */
export function UpgradeOffer({ upgrade, children }: { upgrade: UpgradeAction; children: ReactNode }) {
  const noteId = useId();
  return (
    <div className="import-upgrade">
      <Crown size={20} aria-hidden="true" className="import-upgrade__icon" />
      <div className="import-upgrade__body">
        <p className="import-upgrade__title">Premium holds your whole network</p>
        <p className="import-upgrade__text">{children}</p>
        <div className="import-upgrade__actions">
          <Button
            size="sm"
            onClick={upgrade.onUpgrade}
            loading={upgrade.upgrading}
            disabled={upgrade.unavailable !== null}
            aria-describedby={upgrade.unavailable ? noteId : undefined}
          >
            Upgrade to Premium
          </Button>
        </div>
        {upgrade.unavailable ? <ActionNote id={noteId}>{upgrade.unavailable}</ActionNote> : null}
      </div>
    </div>
  );
}
