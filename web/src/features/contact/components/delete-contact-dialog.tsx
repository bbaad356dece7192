import type { Contact } from '@tend/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useDeleteContact } from '../api/delete-contact';

interface DeleteContactDialogProps {
  /** The contact to delete; null keeps the dialog closed. */
  contact: Contact | null;
  onClose: () => void;
  /** After a successful delete (the dialog has closed itself). */
  onDeleted?: () => void;
}

/** Spec: 'Delete contact?' with Cancel and 'Delete contact', then the toast 'Contact deleted.'. */
export function DeleteContactDialog({ contact, onClose, onDeleted }: DeleteContactDialogProps) {
  const remove = useDeleteContact();
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState(contact);
  if (contact && contact !== shown) setShown(contact);

  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete contact?"
      description={
        <p>
          <strong>{shown?.name}</strong> and everything noted about them will be removed from your board. This cannot be
          undone.
        </p>
      }
      confirmLabel="Delete contact"
      tone="danger"
      pending={remove.isPending}
      onConfirm={() => {
        if (!contact) return;
        remove.mutate(contact.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
