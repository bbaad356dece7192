import { addDays, SNOOZE_MAX_DAYS } from '@tend/contracts';
import { useState } from 'react';
import { serverReason } from '@/lib/api-client';
import { formatShortDay, useMarkDone, useSnoozeFollowUp, useUndoDone } from '@/lib/follow-ups';
import { useNotify } from './toast';

/** Whom an action is about. */
export interface FollowUpTarget {
  contactId: number;
  name: string;
}

export const FOLLOW_UP_ACTION_MESSAGES = {
  done: (name: string) => `Done: a follow-up with ${name} is logged for today.`,
  doneFailed: 'The follow-up could not be marked done. Please try again.',
  undone: (name: string) => `Undone: ${name} is back on your list.`,
  undoFailed: 'The follow-up could not be undone. Open the card to delete the interaction it logged.',
  snoozed: (name: string, on: string) => `Snoozed ${name} until ${on}.`,
  snoozeFailed: 'The follow-up could not be snoozed. Please try again.',
} as const;

/**
 * Done and Snooze as the Today page and the bell offer them, with their toasts: Done logs an
 * interaction dated today (the API picks the method) and its toast can undo it; Snooze moves the
 * date. `pickDateFor` is whom "A date..." was chosen for: the caller shows `SnoozeDateDialog` props.
 */
export function useFollowUpActions(today: string) {
  const notify = useNotify();
  const done = useMarkDone();
  const snooze = useSnoozeFollowUp();
  const undo = useUndoDone();
  const [pickDateFor, setPickDateFor] = useState<FollowUpTarget | null>(null);

  const markDone = ({ contactId, name }: FollowUpTarget) => {
    done.mutate(
      { contactId },
      {
        onSuccess: () =>
          notify.success(FOLLOW_UP_ACTION_MESSAGES.done(name), {
            action: {
              label: 'Undo',
              onClick: () =>
                undo.mutate(contactId, {
                  onSuccess: () => notify.success(FOLLOW_UP_ACTION_MESSAGES.undone(name)),
                  onError: (error) =>
                    notify.error(FOLLOW_UP_ACTION_MESSAGES.undoFailed, { detail: serverReason(error) }),
                }),
            },
          }),
        onError: (error) => notify.error(FOLLOW_UP_ACTION_MESSAGES.doneFailed, { detail: serverReason(error) }),
      },
    );
  };

  const snoozeFor = ({ contactId, name }: FollowUpTarget, choice: { days: number } | { until: string }) => {
    snooze.mutate(
      { contactId, body: choice },
      {
        onSuccess: (contact) => {
          setPickDateFor(null);
          const on = contact.next_follow_up_on ?? ('until' in choice ? choice.until : addDays(today, choice.days));
          notify.success(FOLLOW_UP_ACTION_MESSAGES.snoozed(name, formatShortDay(on)));
        },
        onError: (error) => notify.error(FOLLOW_UP_ACTION_MESSAGES.snoozeFailed, { detail: serverReason(error) }),
      },
    );
  };

  return {
    markDone,
    snoozeFor,
    /** Ids of the contacts whose Done or Snooze is on its way (their buttons wait). */
    pendingId: done.isPending ? done.variables.contactId : snooze.isPending ? snooze.variables.contactId : null,
    pickDateFor,
    setPickDateFor,
    /** Props for a `DateDialog` asking "Snooze until" for `pickDateFor`. */
    snoozeDateDialog: {
      open: pickDateFor !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPickDateFor(null);
      },
      title: 'Snooze until a date',
      description: `${pickDateFor?.name ?? 'They'} will show as due again on that day.`,
      label: 'Snooze until',
      min: addDays(today, 1),
      max: addDays(today, SNOOZE_MAX_DAYS),
      initial: addDays(today, 7),
      confirmLabel: 'Snooze',
      pending: snooze.isPending,
      onConfirm: (until: string) => {
        if (pickDateFor) snoozeFor(pickDateFor, { until });
      },
    },
  };
}
