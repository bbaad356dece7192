import { moveToNetworkQuestion, WORDS, type Contact } from '@tend/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useBulkMoveContacts } from '@/lib/bulk-contacts';
import { BOARD_MESSAGES } from '../messages';

interface MoveToNetworkDialogProps {
  /** The card to move; null keeps the dialog closed. */
  contact: Contact | null;
  onClose: () => void;
}

/**
 * "Move Ada Lovelace to your network?" (issue 26): the card leaves the board (and its free card
 * with it); notes, timeline, photo and LinkedIn URL stay with the person in the network.
 */
export function MoveToNetworkDialog({ contact, onClose }: MoveToNetworkDialogProps) {
  const move = useBulkMoveContacts();
  const notify = useNotify();
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState(contact);
  if (contact && contact !== shown) setShown(contact);

  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${WORDS.moveToNetwork}?`}
      description={<p>{shown ? moveToNetworkQuestion(shown.name) : null}</p>}
      confirmLabel={WORDS.moveToNetwork}
      pending={move.isPending}
      onConfirm={() => {
        if (!contact) return;
        move.mutate(
          { ids: [contact.id], action: 'to_network' },
          {
            onSuccess: () => {
              onClose();
              notify.success(BOARD_MESSAGES.movedToNetwork(contact.name));
            },
            onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.moveToNetworkFailed)),
          },
        );
      }}
    />
  );
}
