import type { Tier } from '@tend/contracts';
import { createContext, useContext } from 'react';

/** What a card can ask the board to do; every function is stable so cards stay memoised. */
export interface BoardCardActions {
  tiers: readonly Tier[];
  /** The id of the drag instructions every card is described by. */
  instructionsId: string;
  openContact: (contactId: number) => void;
  deleteContact: (contactId: number) => void;
  /** "Move to network" (issue 26): the app asks to confirm, then the card leaves the board. */
  moveToNetwork: (contactId: number) => void;
  moveContactTo: (contactId: number, tierId: number) => void;
  /** "Schedule follow-up..." on a card never contacted: the board asks for the date. */
  scheduleFollowUp: (contactId: number) => void;
  /** The user's local today (`YYYY-MM-DD`): the cards' follow-up chips are relative to it. */
  today: string;
}

export const BoardCardActionsContext = createContext<BoardCardActions | null>(null);

export function useBoardCardActions(): BoardCardActions {
  const actions = useContext(BoardCardActionsContext);
  if (!actions) throw new Error('useBoardCardActions must be used inside the board.');
  return actions;
}
