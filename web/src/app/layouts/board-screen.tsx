import type { Contact, Tier } from '@tend/contracts';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { PaymentBanner } from '@/features/billing/components/payment-issue';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { useTiers } from '@/features/board/api/get-tiers';
import { BoardPage } from '@/features/board/components/board-page';
import { LimitModal } from '@/features/board/components/limit-modal';
import { MoveToNetworkDialog } from '@/features/board/components/move-to-network-dialog';
import { useMoveToColumn } from '@/features/board/hooks/use-move-to-column';
import { DeleteContactDialog } from '@/features/contact/components/delete-contact-dialog';
import { ImportedFilterBanner } from '@/features/import/components/imported-filter-banner';
import { useCurrentUser } from '@/lib/session';
import { lazyScreen } from '../lazy-screen';
import { addContactModules, contactCardModules } from './contact-dialogs';
import { useBoardRoute } from './use-board-route';

function DialogLoading() {
  return (
    <div className="dialog-loading">
      <Spinner size={32} label="Opening" />
    </div>
  );
}

// Each shows its spinner while its code loads (lazy-screen.tsx: no Suspense, whose reveal React
// holds back for 300 ms after the spinner).
const AddContactModal = lazyScreen(addContactModules, (module) => module.AddContactModal, <DialogLoading />);
const ContactCardModal = lazyScreen(contactCardModules, (module) => module.ContactCardModal, <DialogLoading />);

/** The contact card, whose column selector moves the card on the board. */
function ContactCard({ contact, tiers, onClose }: { contact: Contact; tiers: readonly Tier[]; onClose: () => void }) {
  const column = useMoveToColumn(contact.id);
  return (
    <ContactCardModal
      contact={contact}
      tiers={tiers}
      onClose={onClose}
      onChangeTier={column.moveTo}
      changingTier={column.pending}
      returnFocusTo={() => boardCardButton(contact.id)}
    />
  );
}

/**
 * A card's button on the board (a shell's too: focused, it draws), where the focus goes back when
 * its contact card closes, whether it was opened from the card or from a link: a keyboard user
 * goes on from where the contact is. Null when the card is not in the page (moved to the network,
 * deleted, or far down a column of thousands).
 */
function boardCardButton(contactId: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`li[data-contact-id="${contactId}"] > .contact-card__open`);
}

/**
 * The board screen: composes the board (columns, cards, moves, limit modal) with the contact
 * feature (the add and card modals, the delete confirmation), the import's filter and billing's
 * upgrade and payment banner. One instance serves /kanban, /kanban/{id}, /add-contact and
 * /limit-reached; which dialog is open is the route's decision (`useBoardRoute`).
 */
export function BoardScreen() {
  const user = useCurrentUser();
  const tiers = useTiers();
  const route = useBoardRoute();
  const { dialog, importFilter } = route;
  const { upgrade, pending: upgrading, unavailable: upgradeUnavailable } = useUpgrade('new-tab');
  const [deleteTarget, setDeleteTarget] = useState<Contact | null>(null);
  const [networkTarget, setNetworkTarget] = useState<Contact | null>(null);

  return (
    <>
      <BoardPage
        onDeleteContact={setDeleteTarget}
        onMoveToNetwork={setNetworkTarget}
        banner={
          <>
            <PaymentBanner />
            {importFilter ? (
              <ImportedFilterBanner
                run={importFilter.run}
                failed={importFilter.failed}
                shown={importFilter.shown}
                onClear={importFilter.clear}
              />
            ) : null}
          </>
        }
        onlyContactIds={importFilter?.onlyContactIds ?? null}
      />
      {dialog.kind === 'add' ? (
        <AddContactModal
          tierId={dialog.tierId}
          onClose={route.toBoard}
          onCreated={(created) => route.showContact(created.id)}
          onLimitReached={route.showLimit}
        />
      ) : null}
      {dialog.kind === 'contact' && tiers.data ? (
        <ContactCard key={dialog.contact.id} contact={dialog.contact} tiers={tiers.data} onClose={route.toBoard} />
      ) : null}
      <LimitModal
        open={dialog.kind === 'limit'}
        reason={route.limitReason}
        onClose={route.closeLimit}
        onUpgrade={() => upgrade(user.id)}
        upgrading={upgrading}
        upgradeUnavailable={upgradeUnavailable}
      />
      <DeleteContactDialog contact={deleteTarget} onClose={() => setDeleteTarget(null)} />
      <MoveToNetworkDialog contact={networkTarget} onClose={() => setNetworkTarget(null)} />
    </>
  );
}
