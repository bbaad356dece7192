import { Columns3 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { readErrorMessage } from '../../../lib/api-client';
import { useTiers } from '../api/get-tiers';
import { TierColumn } from './tier-column';

/** The board: tier columns sorted by position (cards, moves and column editing come next). */
export function BoardPage() {
  const tiers = useTiers();

  if (tiers.isPending) return <PageSpinner label="Loading your board" />;

  if (tiers.isError) {
    return (
      <div className="empty-state" role="alert">
        <h1 className="empty-state__title">We could not load your board.</h1>
        <p>{readErrorMessage(tiers.error, 'Please check your connection and try again.')}</p>
        <Button onClick={() => void tiers.refetch()} loading={tiers.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="board">
      <PageTitle>Board</PageTitle>
      <h1 className="visually-hidden">Board</h1>
      {tiers.data.length === 0 ? (
        <div className="empty-state">
          <Columns3 size={32} aria-hidden="true" />
          <p>Your board has no columns yet.</p>
        </div>
      ) : (
        <div className="board__columns">
          {tiers.data.map((tier) => (
            <TierColumn key={tier.id} tier={tier} contactCount={0} />
          ))}
        </div>
      )}
    </div>
  );
}
