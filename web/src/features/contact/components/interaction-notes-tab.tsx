import { localDate, type Contact, type Interaction } from '@tend/contracts';
import { NotebookPen } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useDeleteInteraction } from '../api/delete-interaction';
import { useContactInteractions } from '../api/get-interactions';
import { INTERACTION_MESSAGES } from '../messages';
import { formatDay } from '../utils/contact-dates';
import { InteractionCard } from './interaction-card';

/** The user's local date: "today" for the date rules is where the user is (brief: product.md). */
function userToday(timeZone: string): string {
  try {
    return localDate(timeZone);
  } catch {
    return localDate(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
}

interface InteractionNotesTabProps {
  contact: Contact;
  /** Whether any card holds unsaved edits (the card asks 'Discard Interaction Notes?' on leaving). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The 'Interaction notes' tab (PRODUCT.md §4): a 'New interaction' card that starts open, then the
 * contact's interactions newest first, each expanding into its form.
 */
export function InteractionNotesTab({ contact, onDirtyChange }: InteractionNotesTabProps) {
  const user = useCurrentUser();
  const notify = useNotify();
  const interactions = useContactInteractions(contact.id);
  const remove = useDeleteInteraction();
  const today = userToday(user.time_zone);
  // Each save of the new card gives a fresh one (collapsed: the saved interaction is now listed).
  const [newCard, setNewCard] = useState({ serial: 0, open: true });
  const [toDelete, setToDelete] = useState<Interaction | null>(null);

  const dirtyCards = useRef(new Set<string>());
  const reportDirty = useRef(onDirtyChange);
  useEffect(() => {
    reportDirty.current = onDirtyChange;
  }, [onDirtyChange]);
  const handleDirtyChange = useCallback((cardKey: string, dirty: boolean) => {
    const cards = dirtyCards.current;
    const before = cards.size > 0;
    if (dirty) cards.add(cardKey);
    else cards.delete(cardKey);
    if (before !== cards.size > 0) reportDirty.current(cards.size > 0);
  }, []);
  const handleCreated = useCallback(() => setNewCard((card) => ({ serial: card.serial + 1, open: false })), []);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id, contactId: contact.id },
      {
        onSuccess: () => {
          setToDelete(null);
          notify.success(INTERACTION_MESSAGES.deleted);
        },
        onError: (error) => notify.error(readErrorMessage(error, INTERACTION_MESSAGES.deleteFailed)),
      },
    );
  };

  const list = interactions.data;
  return (
    <div className="interactions">
      <ol className="interactions__list" aria-label={`Interactions with ${contact.name}`}>
        <InteractionCard
          key={`new-${newCard.serial}`}
          interaction={null}
          cardKey={`new-${newCard.serial}`}
          contactId={contact.id}
          userId={user.id}
          today={today}
          defaultOpen={newCard.open}
          onDirtyChange={handleDirtyChange}
          onCreated={handleCreated}
        />
        {list?.map((interaction) => (
          <InteractionCard
            key={interaction.id}
            interaction={interaction}
            cardKey={String(interaction.id)}
            contactId={contact.id}
            userId={user.id}
            today={today}
            defaultOpen={false}
            onDirtyChange={handleDirtyChange}
            onRequestDelete={setToDelete}
          />
        ))}
      </ol>
      {interactions.isPending ? (
        <div className="interactions__status">
          <Spinner size={20} label="Loading interactions" />
        </div>
      ) : interactions.isError ? (
        <div className="interactions__status" role="alert">
          <p>{readErrorMessage(interactions.error, INTERACTION_MESSAGES.loadFailed)}</p>
          <Button variant="secondary" size="sm" onClick={() => void interactions.refetch()}>
            Try again
          </Button>
        </div>
      ) : list?.length === 0 ? (
        <div className="interactions__empty">
          <NotebookPen size={24} aria-hidden="true" />
          <p>
            No interactions with {contact.name} yet. Log each call, message or coffee above, and set a next contact date
            to get a reminder when it is due.
          </p>
        </div>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete interaction?"
        description={
          <p>
            The {toDelete?.contact_method ?? 'interaction'} of {formatDay(toDelete?.date_contacted) ?? ''} and its
            reminder will be removed. This cannot be undone.
          </p>
        }
        confirmLabel="Delete interaction"
        tone="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
