import { WORDS, type Tier } from '@tend/contracts';
import { Crown } from 'lucide-react';
import { useId, useState } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColumnSelectField } from '@/components/ui/column-select-field';
import { Modal } from '@/components/ui/dialog';
import { NETWORK_MESSAGES } from '../messages';

/** Premium's checkout, composed by the app (the billing feature). */
export interface NetworkUpgrade {
  onUpgrade: () => void;
  upgrading: boolean;
  /** Why Premium cannot be bought here, or null. */
  unavailable: string | null;
}

interface AddToBoardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many people are chosen. */
  count: number;
  tiers: readonly Tier[];
  /** Free cards left on the board (null: an unlimited plan). */
  room: number | null;
  pending: boolean;
  /** The server's refusal, shown as sent. */
  errors: readonly string[];
  upgrade: NetworkUpgrade;
  /** Adds the first `count` chosen people (as many as fit) into the column. */
  onConfirm: (tierId: number, count: number) => void;
}

/**
 * "Add to board": which column, and on the free plan how many of the chosen fit (the board's free
 * cards), with Premium's offer for the rest. The first ones chosen go, in the order of the list.
 */
export function AddToBoardDialog({
  open,
  onOpenChange,
  count,
  tiers,
  room,
  pending,
  errors,
  upgrade,
  onConfirm,
}: AddToBoardDialogProps) {
  const noteId = useId();
  const [tierId, setTierId] = useState<number | undefined>(tiers[0]?.id);
  const chosenTier = tiers.find((tier) => tier.id === tierId) ?? tiers[0];
  const fits = room === null ? count : Math.min(room, count);
  const rest = count - fits;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={WORDS.addToBoard}
      size="md"
      description={room === null ? undefined : <p>{NETWORK_MESSAGES.roomLine(Math.max(fits, 0), count)}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => chosenTier && onConfirm(chosenTier.id, fits)}
            loading={pending}
            disabled={fits <= 0 || !chosenTier}
          >
            {NETWORK_MESSAGES.addCount(Math.max(fits, 0))}
          </Button>
        </>
      }
    >
      <form
        className="form network-add"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosenTier && fits > 0) onConfirm(chosenTier.id, fits);
        }}
      >
        {tiers.length === 0 ? (
          <Alert title={WORDS.noColumns}>{null}</Alert>
        ) : (
          <ColumnSelectField label={WORDS.column} tiers={tiers} value={chosenTier?.id} onChange={setTierId} />
        )}
        {room !== null && fits <= 0 ? <Alert title={NETWORK_MESSAGES.boardFull}>{null}</Alert> : null}
        {rest > 0 ? (
          <div className="network-add__upgrade">
            <Button
              variant="link"
              size="sm"
              icon={<Crown size={16} aria-hidden="true" />}
              onClick={upgrade.onUpgrade}
              loading={upgrade.upgrading}
              disabled={upgrade.unavailable !== null}
              aria-describedby={upgrade.unavailable ? noteId : undefined}
            >
              {NETWORK_MESSAGES.upgradeForRest(rest)}
            </Button>
            {upgrade.unavailable ? <ActionNote id={noteId}>{upgrade.unavailable}</ActionNote> : null}
          </div>
        ) : null}
        {errors.length > 0 ? (
          <Alert title={NETWORK_MESSAGES.addFailed}>
            {errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </Alert>
        ) : null}
      </form>
    </Modal>
  );
}
