import type { Contact, Tier } from '@tend/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { defaultTiers } from '@/test/fixtures';
import { ContactCardModal } from '../components/contact-card-modal';

interface CardHarnessProps {
  id: number;
  onClose: () => void;
  onChangeTier?: (tier: Tier) => void;
}

/**
 * The contact card fed from the board's cached contacts (`GET /api/contacts`), as the board screen
 * feeds it, so a save or a new photo shows in the card. The column selector's choice goes to
 * `onChangeTier` (the board's move, composed by the app).
 */
export function CardHarness({ id, onClose, onChangeTier = () => undefined }: CardHarnessProps) {
  const contacts = useQuery({ queryKey: contactKeys.list, queryFn: () => api<Contact[]>('/api/contacts') });
  const contact = contacts.data?.find((candidate) => candidate.id === id);
  return contact ? (
    <ContactCardModal
      contact={contact}
      tiers={defaultTiers()}
      onClose={onClose}
      onChangeTier={onChangeTier}
      changingTier={false}
    />
  ) : null;
}
