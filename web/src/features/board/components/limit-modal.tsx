import { FREE_PLAN_CARD_LIMIT } from '@tend/contracts';
import { Check, Crown } from 'lucide-react';
import { useId, useState } from 'react';
import { ActionNote } from '@/components/ui/action-note';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useKeepFreePlan } from '../api/keep-free-plan';
import { BOARD_MESSAGES } from '../messages';

interface LimitModalProps {
  open: boolean;
  /** 'trial-expired': a premium plan ended and the board shows only the 25 newest cards. */
  reason: 'limit' | 'trial-expired';
  onClose: () => void;
  /** Starts checkout (the billing feature's upgrade, composed by the app). */
  onUpgrade: () => void;
  /** Why Premium cannot be bought here (billing not configured): Upgrade is disabled and says so. */
  upgradeUnavailable?: string | null;
  upgrading: boolean;
}

/**
 * The free plan's limit (spec section 2): the premium offer, 'Maintain 25 contacts' (confirmed by
 * 'Maintain 25 contacts?') and 'Upgrade'.
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
  const keep = useKeepFreePlan();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);

  const title =
    reason === 'trial-expired' ? 'Your Premium plan has ended' : `The free plan holds ${FREE_PLAN_CARD_LIMIT} contacts`;
  const lead =
    reason === 'trial-expired'
      ? `Your board now shows your ${FREE_PLAN_CARD_LIMIT} newest contacts. The others are hidden, not deleted, and come back when you upgrade.`
      : `Upgrade to Premium to keep adding people to your network, or keep your ${FREE_PLAN_CARD_LIMIT} newest contacts on the free plan.`;

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
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Maintain {FREE_PLAN_CARD_LIMIT} contacts
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Maintain ${FREE_PLAN_CARD_LIMIT} contacts?`}
        description={
          <p>
            You stay on the free plan with your {FREE_PLAN_CARD_LIMIT} newest contacts. Older cards stay hidden until
            you upgrade.
          </p>
        }
        confirmLabel={`Maintain ${FREE_PLAN_CARD_LIMIT} contacts`}
        pending={keep.isPending}
        onConfirm={() =>
          keep.mutate(user.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(BOARD_MESSAGES.planKept);
              onClose();
            },
            onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.planKeepFailed)),
          })
        }
      />
    </>
  );
}
