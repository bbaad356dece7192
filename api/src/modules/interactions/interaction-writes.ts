import type { ContactMethod } from '@tend/contracts';
import type { BoardChange } from '../board/board.service';
import { Interaction } from './interaction.entity';

/** One interaction as it is logged: the card, when, how, what was said, and an explicit next date. */
export interface NewInteraction {
  contactId: number;
  dateContacted: string;
  contactMethod: ContactMethod;
  notes: string;
  nextContactDate: string | null;
}

/**
 * Writes one interaction inside a board change and recomputes its card's follow-up by the rule
 * (logging resets). The one writer of new interactions: `InteractionsService.create`, and
 * `ContactsService.create` for a card saved with its first note (the extension), which cannot call
 * that service (the interactions module depends on the contacts module) but must write the card and
 * its note in one transaction. The caller has checked the dates and that the card is the owner's.
 */
export async function logInteraction(change: BoardChange, entry: NewInteraction, now: Date): Promise<Interaction> {
  const interaction = change.em.create(Interaction, {
    user: change.owner.id,
    contact: entry.contactId,
    dateContacted: entry.dateContacted,
    contactMethod: entry.contactMethod,
    notes: entry.notes,
    nextContactDate: entry.nextContactDate,
    nextContactSetAt: now,
  });
  await change.em.persist(interaction).flush();
  await change.followUpsChanged({ contactIds: [entry.contactId] });
  return interaction;
}
