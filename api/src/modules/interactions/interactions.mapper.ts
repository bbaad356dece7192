import type { Interaction as InteractionResponse } from '@tend/contracts';
import type { Interaction } from './interaction.entity';

/** The only way an interaction leaves the API. */
export function toInteractionResponse(interaction: Interaction): InteractionResponse {
  return {
    id: interaction.id,
    contact_id: interaction.contact.id,
    user_id: interaction.user.id,
    date_contacted: interaction.dateContacted,
    contact_method: interaction.contactMethod,
    notes: interaction.notes,
    next_contact_date: interaction.nextContactDate,
    created_at: interaction.createdAt.toISOString(),
    updated_at: interaction.updatedAt.toISOString(),
  };
}
