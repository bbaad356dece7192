import type { Contact, Tier } from '@tend/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { useTiers } from '@/features/board/api/get-tiers';
import { NetworkPage } from '@/features/network/components/network-page';
import { readErrorMessage } from '@/lib/api-client';
import { useBulkMoveContacts } from '@/lib/bulk-contacts';
import { boardContactPath, networkContactPath, ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { lazyScreen } from '../lazy-screen';
import { contactCardModules } from './contact-dialogs';
import { useBoardRoom } from './use-board-room';

function DialogLoading() {
  return (
    <div className="dialog-loading">
      <Spinner size={32} label="Opening" />
    </div>
  );
}

const ContactCardModal = lazyScreen(contactCardModules, (module) => module.ContactCardModal, <DialogLoading />);

/** /network/{id}: the person whose dialog is open (null at /network). */
export function contactIdOfPath(pathname: string): number | null {
  const match = /^\/network\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** A person's dialog over the network: "Put on the board" takes them into the chosen column. */
function NetworkContact({
  contact,
  tiers,
  onClose,
}: {
  contact: Contact;
  tiers: readonly Tier[];
  onClose: () => void;
}) {
  const move = useBulkMoveContacts();
  const notify = useNotify();
  return (
    <ContactCardModal
      contact={contact}
      tiers={tiers}
      onClose={onClose}
      changingTier={move.isPending}
      onChangeTier={(tier) =>
        move.mutate(
          { ids: [contact.id], action: 'to_board', tier_id: tier.id },
          {
            onSuccess: () => {
              notify.success(`${contact.name} is on your board in ${tier.name}.`);
              onClose();
            },
            onError: (error) => notify.error(readErrorMessage(error, 'They could not be put on your board.')),
          },
        )
      }
    />
  );
}

/**
 * /network and /network/{id}: the network feature composed with the board's columns and card count
 * (how many fit), billing's upgrade and the contact feature's dialog.
 */
export function NetworkScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const tiers = useTiers();
  const room = useBoardRoom();
  const { upgrade, pending, unavailable } = useUpgrade('new-tab');
  const upgradeAction = useMemo(
    () => ({ onUpgrade: () => upgrade(user.id), upgrading: pending, unavailable }),
    [upgrade, user.id, pending, unavailable],
  );
  const { pathname } = useLocation();
  const openContactId = contactIdOfPath(pathname);
  const onOpen = useCallback((id: number) => void navigate(networkContactPath(id)), [navigate]);
  const close = useCallback(() => void navigate(ROUTES.network), [navigate]);
  // An address that opens nothing is replaced, so Back does not come back to it.
  const missing = useCallback(() => void navigate(ROUTES.network, { replace: true }), [navigate]);
  const onBoard = useCallback((id: number) => void navigate(boardContactPath(id), { replace: true }), [navigate]);
  const tierList = tiers.data;

  return (
    <NetworkPage
      tiers={tierList}
      room={room}
      upgrade={upgradeAction}
      onOpen={onOpen}
      openContactId={openContactId}
      onContactMissing={missing}
      onContactOnBoard={onBoard}
      renderContact={(contact) =>
        tierList ? <NetworkContact key={contact.id} contact={contact} tiers={tierList} onClose={close} /> : null
      }
    />
  );
}
