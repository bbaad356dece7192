import type { Contact, Interaction } from '@tend/contracts';
import { NotebookPen } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { userToday } from '@/lib/follow-ups';
import { useCurrentUser } from '@/lib/session';
import { useDeleteInteraction } from '../api/delete-interaction';
import { useContactInteractions } from '../api/get-interactions';
import { INTERACTION_MESSAGES } from '../messages';
import { formatDay } from '../utils/contact-dates';
import { InteractionCard } from './interaction-card';
import './interaction-notes-tab.css';

/**
 * Cards drawn when the tab opens; older ones come on request. A contact with hundreds of
 * interactions opens as fast as one with a few (docs/PERFORMANCE.md), and the newest, the ones a
 * follow-up is about, are on screen either way.
 */
export const INTERACTIONS_SHOWN_AT_FIRST = 12;

/** One request to bring an interaction into view, open and focused (a new serial asks again). */
export interface InteractionReveal {
  interactionId: number;
  serial: number;
}

interface InteractionNotesTabProps {
  contact: Contact;
  /** The interaction to open and focus (a follow-up draft's source, chosen in the Follow-up tab). */
  reveal?: InteractionReveal | null;
  /** Whether any card holds unsaved edits (the card asks 'Discard Interaction Notes?' on leaving). */
  onDirtyChange: (dirty: boolean) => void;
  /** The card's effective cadence (its own, else its column's), or null: "By column (Dec 11)". */
  cadenceDays?: number | null;
}

/**
 * The 'Interaction notes' tab (PRODUCT.md §4): a 'New interaction' card that starts open, then the
 * contact's interactions newest first, each expanding into its form.
 */
export function InteractionNotesTab({
  contact,
  onDirtyChange,
  reveal = null,
  cadenceDays = null,
}: InteractionNotesTabProps) {
  const user = useCurrentUser();
  const notify = useNotify();
  const interactions = useContactInteractions(contact.id);
  const remove = useDeleteInteraction();
  const today = userToday(user.time_zone);
  // Each save of the new card gives a fresh one (collapsed: the saved interaction is now listed).
  const [newCard, setNewCard] = useState({ serial: 0, open: true });
  const [toDelete, setToDelete] = useState<Interaction | null>(null);
  const [shown, setShown] = useState(INTERACTIONS_SHOWN_AT_FIRST);

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
  const handleCreated = useCallback(() => {
    setNewCard((card) => ({ serial: card.serial + 1, open: false }));
    // The new one joins the list: no card already on screen is pushed out of it.
    setShown((count) => count + 1);
  }, []);

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
  // A new interaction is dated today, by the method used last time (newest first: the first one's).
  const lastMethod = list?.[0]?.contact_method ?? '';
  const defaults = useMemo(() => ({ dateContacted: today, method: lastMethod }), [today, lastMethod]);
  // An older interaction asked for is drawn with everything newer than it, so it has its place.
  const [revealed, setRevealed] = useState<InteractionReveal | null>(null);
  if (reveal !== revealed && list) {
    setRevealed(reveal);
    const index = reveal ? list.findIndex((interaction) => interaction.id === reveal.interactionId) : -1;
    if (index >= shown) setShown(index + 1);
  }
  const hidden = Math.max(0, (list?.length ?? 0) - shown);
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
          defaults={defaults}
          cadenceDays={cadenceDays}
          defaultOpen={newCard.open}
          onDirtyChange={handleDirtyChange}
          onCreated={handleCreated}
        />
        {list?.slice(0, shown).map((interaction) => (
          <InteractionCard
            key={interaction.id}
            interaction={interaction}
            cardKey={String(interaction.id)}
            contactId={contact.id}
            userId={user.id}
            today={today}
            cadenceDays={cadenceDays}
            defaultOpen={false}
            revealSerial={reveal?.interactionId === interaction.id ? reveal.serial : undefined}
            onDirtyChange={handleDirtyChange}
            onRequestDelete={setToDelete}
          />
        ))}
      </ol>
      {hidden > 0 ? (
        <div className="interactions__more">
          <Button variant="secondary" size="sm" onClick={() => setShown((count) => count + hidden)}>
            Show {hidden} older {hidden === 1 ? 'interaction' : 'interactions'}
          </Button>
        </div>
      ) : null}
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
