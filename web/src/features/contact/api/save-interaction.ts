import type { CreateInteractionRequest, Interaction, UpdateInteractionRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshFollowUps } from '@/lib/follow-ups';
import { newestFirst } from './get-interactions';
import { interactionKeys } from './keys';

/** What the interaction card's form holds (empty string = not set). */
export interface InteractionFields {
  date_contacted: string;
  contact_method: string;
  notes: string;
  next_contact_date: string;
}

export interface SaveInteractionVariables {
  /** Absent for a new interaction. */
  id?: number;
  contactId: number;
  userId: number;
  fields: InteractionFields;
}

/** `POST /api/interactions` (201) or `PATCH /api/interactions/{id}`, with the spec's payload. */
export function saveInteraction({ id, contactId, userId, fields }: SaveInteractionVariables): Promise<Interaction> {
  const body = {
    contact_id: contactId,
    user_id: userId,
    date_contacted: fields.date_contacted,
    contact_method: fields.contact_method as CreateInteractionRequest['contact_method'],
    notes: fields.notes,
    next_contact_date: fields.next_contact_date === '' ? null : fields.next_contact_date,
  };
  if (id === undefined) {
    return api<Interaction>('/api/interactions', { method: 'POST', body: body satisfies CreateInteractionRequest });
  }
  const update: UpdateInteractionRequest = { ...body, id };
  return api<Interaction>(`/api/interactions/${id}`, { method: 'PATCH', body: update });
}

/** Puts a saved interaction into a contact's cached list: replaced by id, kept newest first. */
export function replaceCachedInteraction(list: Interaction[] | undefined, saved: Interaction): Interaction[] {
  return [saved, ...(list ?? []).filter((interaction) => interaction.id !== saved.id)].sort(newestFirst);
}

/**
 * Saves an interaction; the server recomputes the contact's next follow-up in the same transaction,
 * so the card's chip, the Today page and the bell are refreshed at once.
 */
export function useSaveInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInteraction,
    onSuccess: (saved) => {
      queryClient.setQueryData<Interaction[]>(interactionKeys.forContact(saved.contact_id), (list) =>
        replaceCachedInteraction(list, saved),
      );
    },
    onSettled: (_saved, _error, { contactId }) => refreshFollowUps(queryClient, contactId),
  });
}
