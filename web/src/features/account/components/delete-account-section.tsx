import type { User } from '@tend/contracts';
import { WORDS } from '@tend/contracts';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The Account screen's last section: deleting the account, behind its password dialog. */
export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);

  return (
    <section className="panel panel--danger" aria-labelledby="delete-heading">
      <div className="panel__row">
        <div>
          <h2 id="delete-heading" className="panel__title">
            <TriangleAlert size={18} aria-hidden="true" /> {WORDS.deleteAccountHeading}
          </h2>
          <p className="panel__text">
            Permanently delete your account, contacts, interaction notes and reminders. Any Premium subscription is
            canceled first.
          </p>
        </div>
        <Button variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>
          {WORDS.deleteAccountHeading}
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={open} onOpenChange={setOpen} />
    </section>
  );
}
