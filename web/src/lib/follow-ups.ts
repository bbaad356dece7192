import {
  daysBetween,
  localDate,
  pickLatestInteraction,
  type Contact,
  type DoneRequest,
  type Interaction,
  type SnoozeRequest,
  type UpdateContactRequest,
} from '@tend/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { contactKeys } from './contact-keys';
import { todayKeys } from './notification-keys';
import { interactionKeys } from './interaction-keys';
import { notificationKeys } from './notification-keys';

/**
 * The daily loop's actions shared by the board, the Today page, the bell and the contact card:
 * Done, Snooze and "Schedule follow-up". The API decides every date (the rule lives there); the
 * screens only say what happened and refresh what shows who is due.
 */

/** The user's local today (`YYYY-MM-DD`); an unknown zone falls back to the browser's. */
export function userToday(timeZone: string): string {
  try {
    return localDate(timeZone);
  } catch {
    return localDate(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
}

/** Everything that shows who is due: the board's cards, the Today page, the bell, the card's interactions. */
export async function refreshFollowUps(queryClient: QueryClient, contactId?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.list }),
    queryClient.invalidateQueries({ queryKey: todayKeys.all }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    contactId === undefined
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: interactionKeys.forContact(contactId) }),
  ]);
}

/** Puts a contact the server answered into the board's cached list. */
function cacheContact(queryClient: QueryClient, updated: Contact): void {
  queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) =>
    contacts?.map((contact) => (contact.id === updated.id ? updated : contact)),
  );
}

/** `POST /api/contacts/{id}/done`: logs an interaction dated today; answers the contact, reset by the rule. */
export function markDone({ contactId, body = {} }: { contactId: number; body?: DoneRequest }): Promise<Contact> {
  return api<Contact>(`/api/contacts/${contactId}/done`, { method: 'POST', body });
}

/** `POST /api/contacts/{id}/snooze` with `{days}` or `{until}`: answers the contact with its new date. */
export function snoozeFollowUp({ contactId, body }: { contactId: number; body: SnoozeRequest }): Promise<Contact> {
  return api<Contact>(`/api/contacts/${contactId}/snooze`, { method: 'POST', body });
}

/**
 * `PATCH /api/contacts/{id}` `{next_follow_up_on}`: "Schedule follow-up" (a date today or later), or
 * null so that the cadence decides again.
 */
export function scheduleFollowUp({ contactId, on }: { contactId: number; on: string | null }): Promise<Contact> {
  const body: Pick<UpdateContactRequest, 'next_follow_up_on'> = { next_follow_up_on: on };
  return api<Contact>(`/api/contacts/${contactId}`, { method: 'PATCH', body });
}

/**
 * Undoes a Done: deletes the interaction it logged, the contact's latest (dated today, and the
 * newest of that day: nothing can be dated later than today), so the rule puts the date back.
 */
export async function undoDone(contactId: number): Promise<void> {
  const interactions = await api<Interaction[]>(`/api/interactions?contact_id=${contactId}`);
  const latest = pickLatestInteraction(
    interactions.map((interaction) => ({
      id: interaction.id,
      dateContacted: interaction.date_contacted,
      nextContactDate: interaction.next_contact_date,
      setAt: 0,
    })),
  );
  if (latest) await api<void>(`/api/interactions/${latest.id}`, { method: 'DELETE' });
}

/** A mutation of the daily loop that answers the contact: cached at once, then everything due refreshed. */
function useFollowUpMutation<Variables extends { contactId: number }>(
  mutationFn: (variables: Variables) => Promise<Contact>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (contact) => cacheContact(queryClient, contact),
    onSettled: (_contact, _error, { contactId }) => refreshFollowUps(queryClient, contactId),
  });
}

export function useMarkDone() {
  return useFollowUpMutation(markDone);
}

export function useSnoozeFollowUp() {
  return useFollowUpMutation(snoozeFollowUp);
}

export function useScheduleFollowUp() {
  return useFollowUpMutation(scheduleFollowUp);
}

export function useUndoDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoDone,
    onSettled: (_result, _error, contactId) => refreshFollowUps(queryClient, contactId),
  });
}

// ── Words ─────────────────────────────────────────────────────────────────────────────────────

/** The Snooze menu's choices (Today page and bell); "a date" opens a date picker. */
export const SNOOZE_CHOICES = [
  { label: '2 days', days: 2 },
  { label: '1 week', days: 7 },
  { label: '1 month', days: 30 },
] as const;

/** A card's chip: "Overdue 5 d", "Due today", "In 3 d"; null when not due within the week. */
export function followUpChip(
  nextOn: string | null,
  today: string,
): { tone: 'overdue' | 'due' | 'upcoming'; short: string; long: string } | null {
  if (nextOn === null) return null;
  const days = daysBetween(today, nextOn);
  if (days < 0) {
    const late = -days;
    return {
      tone: 'overdue',
      short: `Overdue ${late} d`,
      long: `Follow-up overdue by ${late} ${late === 1 ? 'day' : 'days'}`,
    };
  }
  if (days === 0) return { tone: 'due', short: 'Due today', long: 'Follow-up due today' };
  if (days <= 7)
    return { tone: 'upcoming', short: `In ${days} d`, long: `Follow-up in ${days} ${days === 1 ? 'day' : 'days'}` };
  return null;
}

/** "Last: 21 d ago" (today: "Last: today"), or null when never contacted. */
export function lastContactChip(lastOn: string | null, today: string): { short: string; long: string } | null {
  if (lastOn === null) return null;
  const days = Math.max(0, daysBetween(lastOn, today));
  if (days === 0) return { short: 'Last: today', long: 'Last contacted today' };
  return { short: `Last: ${days} d ago`, long: `Last contacted ${days} ${days === 1 ? 'day' : 'days'} ago` };
}

/** A follow-up date as words, for the bell and the Today page: "Today", "3 days overdue", "Tomorrow", "In 4 days". */
export function followUpWords(nextOn: string, today: string): string {
  const days = daysBetween(today, nextOn);
  if (days === 0) return 'Today';
  if (days < 0) return `${-days} ${days === -1 ? 'day' : 'days'} overdue`;
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day as "Dec 11" ("Next follow-up: Dec 11"). */
export function formatShortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}
