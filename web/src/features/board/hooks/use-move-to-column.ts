import type { Tier } from '@tend/contracts';
import { useMoveContact } from '../api/move-contact';
import { BOARD_MESSAGES } from '../messages';

/**
 * A card sent to another column from the contact card's column selector: to the top of that column,
 * and a toast says how it went (a drag or "Move to..." on the board stays quiet when it works).
 */
export function useMoveToColumn(contactId: number) {
  const move = useMoveContact();
  return {
    moveTo: (tier: Tier) =>
      move.mutate({
        contactId,
        tierId: tier.id,
        index: 0,
        columnOrder: tier.position,
        successMessage: BOARD_MESSAGES.columnUpdated,
        failureMessage: BOARD_MESSAGES.columnUpdateFailed,
      }),
    pending: move.isPending,
  };
}
