import {
  addDays,
  CARD_TRUNCATION,
  CONTACT_FIELD_KEYS,
  CONTACT_FIELDS,
  SNOOZE_MAX_DAYS,
  truncate,
  updateContactRequestSchema,
  type Contact,
  type Tier,
} from '@tend/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { CalendarPlus, Camera, Ellipsis, Trash2, X } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DateDialog } from '@/components/ui/date-dialog';
import { ConfirmDialog, DialogFrame, DialogTitle } from '@/components/ui/dialog';
import { FollowUpChip } from '@/components/ui/follow-up-chip';
import { Menu, MenuItem } from '@/components/ui/menu';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage, readErrorMessages, serverReason } from '@/lib/api-client';
import { formatShortDay, userToday, useScheduleFollowUp } from '@/lib/follow-ups';
import { useCurrentUser } from '@/lib/session';
import { useFollowUpDraft } from '../api/follow-up-draft';
import { useUpdateContact, type ContactFields } from '../api/update-contact';
import { CONTACT_MESSAGES } from '../messages';
import { fieldErrors, fieldForServerMessage } from '../utils/field-errors';
import { ContactInfoForm, type ContactFieldErrors } from './contact-info-form';
import { ContactTimeline } from './contact-timeline';
import { DeleteContactDialog } from './delete-contact-dialog';
import { FollowUpTab } from './follow-up-tab';
import { ImageCropModal } from './image-crop-modal';
import { InteractionNotesTab, type InteractionReveal } from './interaction-notes-tab';
import { PutOnBoardMenu } from './put-on-board-menu';
import { TierSelect } from './tier-select';
import './contact-card-modal.css';

export function toContactFields(contact: Contact): ContactFields {
  return Object.fromEntries(
    CONTACT_FIELDS.map(({ key, kind }) => {
      const value = contact[key] ?? '';
      // Spec: the first 10 characters of a date are used.
      return [key, kind === 'date' ? value.slice(0, 10) : value];
    }),
  ) as ContactFields;
}

function sameFields(a: ContactFields, b: ContactFields): boolean {
  return CONTACT_FIELD_KEYS.every((key) => a[key] === b[key]);
}

/** Header text: full text for assistive technology, truncated to 50 on screen (spec). */
function HeaderText({ text, className }: { text: string; className: string }) {
  return (
    <p className={className} title={text}>
      {truncate(text, CARD_TRUNCATION.header)}
    </p>
  );
}

const CARD_TABS = ['information', 'notes', 'follow-up'] as const;
type CardTab = (typeof CARD_TABS)[number];

/** `?tab=follow-up` (a notification's link) or `?tab=notes` opens the card on that tab. */
export function tabFromSearch(value: string | null): CardTab {
  return CARD_TABS.find((tab) => tab === value) ?? 'information';
}

/** What waits behind 'Discard Interaction Notes?': another tab, or closing the card. */
type PendingLeave = { kind: 'tab'; tab: CardTab } | { kind: 'close' };

interface ContactCardModalProps {
  contact: Contact;
  tiers: readonly Tier[];
  onClose: () => void;
  /** The column selector's choice: the board moves the card (composed by the app). */
  onChangeTier: (tier: Tier) => void;
  /** A column change is on its way. */
  changingTier: boolean;
  /** Where the focus goes when the card closes (the board: the card's own button); see DialogFrame. */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * The contact card (spec: 1200 x 710, three tabs, header with photo, name, title, company, Close
 * and the column selector; a timeline on the right). Mount it keyed by contact id.
 */
export function ContactCardModal({
  contact,
  tiers,
  onClose,
  onChangeTier,
  changingTier,
  returnFocusTo,
}: ContactCardModalProps) {
  // A person in the network (issue 26): no column, no due state; "Put on the board" replaces the column
  // selector and puts them into the chosen column.
  const offBoard = !contact.on_board;
  const contacted = contact.last_contacted_on !== null;
  // A date to move: the rule gave one (cadence, or the note's next-contact date) after a contact.
  const rescheduling = contacted && contact.next_follow_up_on !== null;
  const notify = useNotify();
  const update = useUpdateContact();
  const [baseline, setBaseline] = useState(() => toContactFields(contact));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'close' | 'delete' | 'photo' | 'schedule' | null>(null);
  // The button that opened the schedule dialog ('Schedule follow-up' or 'Reschedule'), focused again after it.
  const [scheduleFrom, setScheduleFrom] = useState<HTMLElement | null>(null);
  // Scheduled on a contacted card that had no date: 'Reschedule' replaces the button and takes the focus.
  const [rescheduleButton, setRescheduleButton] = useState<HTMLButtonElement | null>(null);
  const openSchedule = (event: MouseEvent<HTMLElement>) => {
    setScheduleFrom(event.currentTarget);
    setDialog('schedule');
  };
  const user = useCurrentUser();
  const today = userToday(user.time_zone);
  const schedule = useScheduleFollowUp();
  const tier = tiers.find((candidate) => candidate.id === contact.tier_id);
  const cadenceDays = contact.cadence_days ?? tier?.cadence_days ?? null;
  const dirty = !sameFields(values, baseline);
  // The follow-up draft lives here, not in its tab, so an edited draft survives switching tabs.
  const followUp = useFollowUpDraft(contact.id);
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const [tab, setTab] = useState<CardTab>(() => tabFromSearch(tabParam));
  const [seenTabParam, setSeenTabParam] = useState(tabParam);
  if (tabParam !== seenTabParam) {
    setSeenTabParam(tabParam);
    if (tabParam) setTab(tabFromSearch(tabParam));
  }
  const [notesDirty, setNotesDirty] = useState(false);
  // A draft's source note asked for from the Follow-up tab: the notes tab opens and focuses it.
  const [reveal, setReveal] = useState<InteractionReveal | null>(null);
  const [pendingLeave, setPendingLeave] = useState<PendingLeave | null>(null);

  const closeUnlessInfoDirty = () => {
    if (dirty || followUp.edited) setDialog('close');
    else onClose();
  };

  const requestClose = () => {
    if (notesDirty) setPendingLeave({ kind: 'close' });
    else closeUnlessInfoDirty();
  };

  const changeTab = (value: string) => {
    const next = tabFromSearch(value);
    if (next !== 'notes') setReveal(null);
    if (tab === 'notes' && next !== 'notes' && notesDirty) setPendingLeave({ kind: 'tab', tab: next });
    else setTab(next);
  };

  // Leaving the tab unmounts its cards, and their edits with them.
  const discardNotes = () => {
    const leave = pendingLeave;
    setPendingLeave(null);
    setNotesDirty(false);
    if (leave?.kind === 'tab') setTab(leave.tab);
    else if (leave?.kind === 'close') closeUnlessInfoDirty();
  };

  const changeField = (field: keyof ContactFields, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = () => {
    if (update.isPending) return;
    setServerErrors([]);
    const parsed = updateContactRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof ContactFields>(parsed.error));
      return;
    }
    update.mutate(
      { id: contact.id, fields: values },
      {
        onSuccess: (saved) => {
          const fields = toContactFields(saved);
          setBaseline(fields);
          setValues(fields);
          setErrors({});
          notify.success(CONTACT_MESSAGES.saved);
        },
        onError: (error) => {
          const messages = readErrorMessages(error, CONTACT_MESSAGES.saveFailed);
          const perField: ContactFieldErrors = {};
          for (const message of messages) {
            const field = fieldForServerMessage(message);
            if (field) perField[field] ??= message;
          }
          setErrors(perField);
          setServerErrors(messages);
          notify.error(readErrorMessage(error, CONTACT_MESSAGES.saveFailed));
        },
      },
    );
  };

  return (
    <DialogFrame
      open
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
      className="dialog contact-modal"
      returnFocusTo={returnFocusTo}
    >
      <header className="contact-modal__header">
        {/* Named by its content, not an aria-label: the initials that show when there is no photo
            are the picture, and a label would contradict them (axe: label-content-name-mismatch). */}
        <button type="button" className="contact-modal__photo" onClick={() => setDialog('photo')} title="Change photo">
          <span className="visually-hidden">Change photo of {contact.name}</span>
          <Avatar name={contact.name} src={contact.photo_url} size={72} showExpiredHint />
          <span className="contact-modal__photo-badge" aria-hidden="true">
            <Camera size={14} />
          </span>
        </button>
        <div className="contact-modal__identity">
          <DialogTitle className="contact-modal__name" title={contact.name}>
            <span aria-hidden="true">{truncate(contact.name, CARD_TRUNCATION.header)}</span>
            <span className="visually-hidden">{contact.name}</span>
          </DialogTitle>
          {contact.title ? <HeaderText text={contact.title} className="contact-modal__title" /> : null}
          {contact.company ? <HeaderText text={contact.company} className="contact-modal__company" /> : null}
          {contact.next_follow_up_on && !offBoard ? (
            <p className="contact-modal__follow-up">
              Next follow-up: {formatShortDay(contact.next_follow_up_on)}
              <FollowUpChip nextOn={contact.next_follow_up_on} today={today} />
              {/* Contacted: the date the rule gave (cadence or the note's next-contact date) can be
                  moved here without logging anything; never contacted, 'Schedule follow-up' does it. */}
              {rescheduling ? (
                <Button
                  ref={setRescheduleButton}
                  variant="link"
                  size="sm"
                  className="contact-modal__reschedule"
                  onClick={openSchedule}
                >
                  Reschedule <span className="visually-hidden">follow-up</span>
                </Button>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="contact-modal__actions">
          {/* No date to move: never contacted (no interaction can carry a next-contact date), or
              contacted in a column without a cadence and no next-contact date; a date is set here. */}
          {!rescheduling && !offBoard ? (
            <Button
              variant="secondary"
              size="sm"
              icon={<CalendarPlus size={16} aria-hidden="true" />}
              onClick={openSchedule}
            >
              Schedule follow-up
            </Button>
          ) : null}
          {/* A person in the network has no column: "Put on the board" puts them into the chosen one. */}
          {offBoard || contact.tier_id === null ? (
            <PutOnBoardMenu tiers={tiers} onChoose={onChangeTier} pending={changingTier} />
          ) : (
            <TierSelect tiers={tiers} tierId={contact.tier_id} onChange={onChangeTier} pending={changingTier} />
          )}
          {/* Deleting is behind a menu: a red 'Delete contact' beside Close was one slip away (issue 27 point 11). */}
          <Menu
            label="More actions"
            trigger={
              <button type="button" className="icon-btn" aria-label="More actions" title="More actions">
                <Ellipsis size={18} aria-hidden="true" />
              </button>
            }
          >
            <MenuItem
              className="menu__item--danger"
              icon={<Trash2 size={16} aria-hidden="true" />}
              onSelect={() => setDialog('delete')}
            >
              Delete contact
            </MenuItem>
          </Menu>
          <Button variant="secondary" size="sm" icon={<X size={16} aria-hidden="true" />} onClick={requestClose}>
            Close
          </Button>
        </div>
      </header>

      <div className="contact-modal__body">
        <Tabs.Root value={tab} onValueChange={changeTab} className="contact-tabs">
          <Tabs.List className="contact-tabs__list" aria-label="Contact card sections">
            <Tabs.Trigger className="contact-tabs__tab" value="information">
              Contact information
            </Tabs.Trigger>
            <Tabs.Trigger className="contact-tabs__tab" value="notes">
              Interaction notes
            </Tabs.Trigger>
            <Tabs.Trigger className="contact-tabs__tab" value="follow-up">
              Follow-up message
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content className="contact-tabs__panel" value="information">
            <ContactInfoForm
              values={values}
              errors={errors}
              serverErrors={serverErrors}
              dirty={dirty}
              saving={update.isPending}
              onChange={changeField}
              onSubmit={save}
            />
          </Tabs.Content>
          <Tabs.Content className="contact-tabs__panel" value="notes">
            <InteractionNotesTab
              contact={contact}
              onDirtyChange={setNotesDirty}
              reveal={reveal}
              cadenceDays={cadenceDays}
            />
          </Tabs.Content>
          <Tabs.Content className="contact-tabs__panel" value="follow-up">
            <FollowUpTab
              contact={contact}
              followUp={followUp}
              onShowInteraction={(interactionId) => {
                setReveal((last) => ({ interactionId, serial: (last?.serial ?? 0) + 1 }));
                changeTab('notes');
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
        <ContactTimeline contact={contact} />
      </div>

      <ConfirmDialog
        open={dialog === 'close'}
        onOpenChange={(open) => setDialog(open ? 'close' : null)}
        title="Close card without saving?"
        description={<p>Your changes to {contact.name} have not been saved.</p>}
        confirmLabel="Close card"
        tone="danger"
        onConfirm={() => {
          setDialog(null);
          onClose();
        }}
      />
      <ConfirmDialog
        open={pendingLeave !== null}
        onOpenChange={(open) => {
          if (!open) setPendingLeave(null);
        }}
        title="Discard Interaction Notes?"
        description={<p>Your unsaved interaction notes for {contact.name} will be lost.</p>}
        confirmLabel="Discard Interaction"
        tone="danger"
        onConfirm={discardNotes}
      />
      <DeleteContactDialog contact={dialog === 'delete' ? contact : null} onClose={() => setDialog(null)} />
      <DateDialog
        open={dialog === 'schedule'}
        onOpenChange={(open) => setDialog(open ? 'schedule' : null)}
        title={rescheduling ? 'Reschedule follow-up' : 'Schedule follow-up'}
        description={`When to get back to ${contact.name}: they show as due on that day.`}
        label="Follow up on"
        min={today}
        max={addDays(today, SNOOZE_MAX_DAYS)}
        initial={
          contact.next_follow_up_on && contact.next_follow_up_on >= today
            ? contact.next_follow_up_on
            : addDays(today, 7)
        }
        confirmLabel={rescheduling ? 'Reschedule' : 'Schedule'}
        pending={schedule.isPending}
        returnFocusTo={rescheduling ? rescheduleButton : scheduleFrom}
        onConfirm={(on) =>
          schedule.mutate(
            { contactId: contact.id, on },
            {
              onSuccess: () => {
                setDialog(null);
                notify.success(CONTACT_MESSAGES.followUpScheduled(contact.name, formatShortDay(on)));
              },
              onError: (error) =>
                notify.error(CONTACT_MESSAGES.followUpScheduleFailed, { detail: serverReason(error) }),
            },
          )
        }
      />
      {dialog === 'photo' ? (
        <ImageCropModal contactId={contact.id} contactName={contact.name} onClose={() => setDialog(null)} />
      ) : null}
    </DialogFrame>
  );
}
