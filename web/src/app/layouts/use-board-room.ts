import { cardLimitFor } from '@tend/contracts';
import { useQuery } from '@tanstack/react-query';
import { contactsQueryOptions } from '@/features/board/api/get-contacts';
import { useFreePlanCardLimit } from '@/lib/config';
import { useCurrentUser } from '@/lib/session';

/** The free cards left on the board: the plan's allowance less the cards on it (null: unlimited). */
export function boardRoom(limit: number | null, onBoard: number | undefined): number | null {
  if (limit === null) return null;
  return Math.max(0, limit - (onBoard ?? limit));
}

/**
 * How many more people fit on the board (issue 26: the network's Add to board and the import's
 * triage say so). The board's cards are read only on a limited plan, where they are at most its
 * allowance; until they are in, the room counts as none.
 */
export function useBoardRoom(): number | null {
  const user = useCurrentUser();
  const limit = cardLimitFor(user.plan, useFreePlanCardLimit());
  const board = useQuery({ ...contactsQueryOptions, enabled: limit !== null });
  return boardRoom(limit, board.data?.length);
}
