import { cardLimitFor, type Contact } from '@tend/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
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
  // The board's own query (same key and answer as features/board/api/get-contacts.ts), written out
  // here: importing the board's module into these screens' chunks split a tiny shared chunk off the
  // board's first load, too small to be served compressed (delivery.e2e.ts).
  const board = useQuery({
    queryKey: contactKeys.list,
    queryFn: () => api<Contact[]>('/api/contacts'),
    enabled: limit !== null,
  });
  return boardRoom(limit, board.data?.length);
}
