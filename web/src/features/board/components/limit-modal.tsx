import { FREE_PLAN_CARD_LIMIT } from '@tend/contracts';
import { useFreePlanCardLimit } from '@/lib/config';
import { Check, Crown } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useContacts } from '../api/get-contacts';
import { useKeepFreePlan } from '../api/keep-free-plan';
import { useMoveHiddenToNetwork } from '../api/move-hidden-to-network';
import { BOARD_MESSAGES } from '../messages';
import './limit-modal.css';

// Its list and checkboxes load when asked for: the limit modal is part of the board's first load.
const MakeRoomDialog = lazy(async () => ({ default: (await import('./make-room-dialog')).MakeRoomDialog }));

interface LimitModalProps {
  open: boolean;
  /** 'trial-expired': a premium plan ended and the board shows only the newest cards, up to the allowance. */
  reason: 'limit' | 'trial-expired';
  onClose: () => void;
  /** Starts checkout (the billing feature's upgrade, composed by the app). */
  onUpgrade: () => void;
  /** Why Premium cannot be bought here (billing not configured): Upgrade is disabled and says so. */
  upgradeUnavailable?: string | null;
  upgrading: boolean;
}

/**
 * The free plan's limit (PRODUCT.md §2): the premium offer, 'Maintain 25 contacts' (confirmed by
 * 'Maintain 25 contacts?'; the number is the server's allowance) and 'Upgrade'.
 */
export function LimitModal({
  open,
  reason,
  onClose,
  onUpgrade,
  upgrading,
  upgradeUnavailable = null,
}: LimitModalProps) {
  const noteId = useId();
  const user = useCurrentUser();
  // The server's allowance (the modal opens only where there is one; the default until it has said).
  const limit = useFreePlanCardLimit() ?? FREE_PLAN_CARD_LIMIT;
  const keep = useKeepFreePlan();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [makingRoom, setMakingRoom] = useState(false);
  const [movingHidden, setMovingHidden] = useState(false);
  const moveHidden = useMoveHiddenToNetwork();
  const contacts = useContacts();

  const title = reason === 'trial-expired' ? 'Your Premium plan has ended' : `The free plan holds ${limit} contacts`;
  const lead =
    reason === 'trial-expired'
      ? `Your board now shows your ${limit} newest contacts. The others are hidden, not deleted, and come back when you upgrade.`
      : `Upgrade to Premium to keep adding people to your network, or keep your ${limit} newest contacts on the free plan.`;

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (!next) onClose();
        }}
        title={title}
        description={<p>{lead}</p>}
        size="md"
        footer={
          <>
            {/* Issue 26: people go to the network instead of being deleted (a full board) or hidden
                (a Premium plan that ended: the server moves the hidden ones, which the app never sees). */}
            <Button
              variant="secondary"
              onClick={() => (reason === 'trial-expired' ? setMovingHidden(true) : setMakingRoom(true))}
            >
              {reason === 'trial-expired' ? BOARD_MESSAGES.moveHiddenChoice : BOARD_MESSAGES.makeRoomChoice}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Maintain {limit} contacts
            </Button>
            <Button
              onClick={onUpgrade}
              loading={upgrading}
              disabled={upgradeUnavailable !== null}
              aria-describedby={upgradeUnavailable ? noteId : undefined}
              icon={<Crown size={16} aria-hidden="true" />}
            >
              Upgrade
            </Button>
          </>
        }
      >
        <section className="limit-offer" aria-labelledby="limit-offer-title">
          <div className="limit-offer__head">
            <h3 id="limit-offer-title" className="limit-offer__name">
              Premium
            </h3>
            <p className="limit-offer__price">
              <span className="limit-offer__amount">$10</span>
              <span className="limit-offer__period">/month</span>
            </p>
          </div>
          <ul className="limit-offer__features">
            <li>
              <Check size={16} aria-hidden="true" />
              Unlimited contact cards
            </li>
            <li>
              <Check size={16} aria-hidden="true" />
              Chrome extension
            </li>
            {reason === 'trial-expired' ? (
              <li>
                <Check size={16} aria-hidden="true" />
                Your hidden cards come back
              </li>
            ) : null}
          </ul>
        </section>
        {upgradeUnavailable ? <ActionNote id={noteId}>{upgradeUnavailable}</ActionNote> : null}
      </Modal>
      {makingRoom ? (
        <Suspense fallback={null}>
          <MakeRoomDialog
            open
            contacts={contacts.data}
            onOpenChange={setMakingRoom}
            onMoved={() => {
              setMakingRoom(false);
              onClose();
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={movingHidden}
        onOpenChange={setMovingHidden}
        title={BOARD_MESSAGES.moveHiddenTitle}
        description={<p>{BOARD_MESSAGES.moveHiddenLead(limit)}</p>}
        confirmLabel={BOARD_MESSAGES.moveHiddenChoice}
        pending={moveHidden.isPending || keep.isPending}
        onConfirm={() =>
          moveHidden.mutate(undefined, {
            // Then the free plan is kept, as 'Maintain' does, so the modal does not come back.
            onSuccess: ({ moved }) =>
              keep.mutate(user.id, {
                onSuccess: () => {
                  setMovingHidden(false);
                  notify.success(BOARD_MESSAGES.hiddenMoved(moved, limit));
                  onClose();
                },
                onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.planKeepFailed)),
              }),
            onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.moveToNetworkFailed)),
          })
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Maintain ${limit} contacts?`}
        description={
          <p>
            You stay on the free plan with your {limit} newest contacts. Older contacts stay hidden until you upgrade.
          </p>
        }
        confirmLabel={`Maintain ${limit} contacts`}
        pending={keep.isPending}
        onConfirm={() =>
          keep.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(BOARD_MESSAGES.planKept(limit));
              onClose();
            },
            onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.planKeepFailed)),
          })
        }
      />
    </>
  );
}
