import {
  addDays,
  CONTACT_METHODS,
  DATE_CONTACTED_IN_FUTURE_MESSAGE,
  NEXT_CONTACT_IN_PAST_MESSAGE,
  INTERACTION_SAVED_MESSAGE,
  interactionNotSavedMessage,
  interactionSaveExceptionMessage,
  NOTES_MAX_LENGTH,
  type Interaction,
} from '@tend/contracts';
import { BellRing, ChevronDown, Plus, Save } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage } from '@/lib/api-client';
import { formatShortDay } from '@/lib/follow-ups';
import { useSaveInteraction, type InteractionFields } from '../api/save-interaction';
import { formatDay } from '../utils/contact-dates';
import { ContactMethodIcon } from './contact-method-icon';
import { DeleteButton } from './delete-button';
import { IconBadge } from './icon-badge';
import { RequiredLabel } from './required-label';
import './interaction-card.css';

/** What a new interaction starts with (issue 24): contacted today, by the method used last time. */
export interface NewInteractionDefaults {
  dateContacted: string;
  /** The contact's last used method, or '' (none yet). */
  method: string;
}

function fieldsOf(interaction: Interaction | null, defaults?: NewInteractionDefaults): InteractionFields {
  if (!interaction) {
    return {
      date_contacted: defaults?.dateContacted ?? '',
      contact_method: defaults?.method ?? '',
      notes: '',
      next_contact_date: '',
    };
  }
  return {
    date_contacted: interaction.date_contacted,
    contact_method: interaction.contact_method,
    notes: interaction.notes,
    next_contact_date: interaction.next_contact_date ?? '',
  };
}

function sameFields(a: InteractionFields, b: InteractionFields): boolean {
  return (
    a.date_contacted === b.date_contacted &&
    a.contact_method === b.contact_method &&
    a.notes === b.notes &&
    a.next_contact_date === b.next_contact_date
  );
}

/** The spec's exception toast names what went wrong; a network failure has no server message. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiError) return interactionNotSavedMessage(readErrorMessage(error, error.message));
  return interactionSaveExceptionMessage(error instanceof Error ? error.message : String(error));
}

export interface InteractionCardProps {
  /** null: the 'New interaction' card. */
  interaction: Interaction | null;
  /** Stable per card: the interaction id, or 'new-N' for the new card. */
  cardKey: string;
  contactId: number;
  userId: number;
  /** The user's local today (`YYYY-MM-DD`): contacted on or before it, next contact on or after it. */
  today: string;
  /** The new card's starting date and method (ignored for a logged interaction). */
  defaults?: NewInteractionDefaults | undefined;
  /** The card's effective cadence (its own, else its column's), for "By column (Dec 11)"; null: none. */
  cadenceDays?: number | null | undefined;
  defaultOpen: boolean;
  /** Changes when this card is asked for from elsewhere: it opens, scrolls into view and takes focus. */
  revealSerial?: number | undefined;
  onDirtyChange: (cardKey: string, dirty: boolean) => void;
  /** After a new interaction is saved (the tab then shows a fresh new card). */
  onCreated?: () => void;
  onRequestDelete?: (interaction: Interaction) => void;
}

interface InteractionEditorProps extends Omit<InteractionCardProps, 'defaultOpen'> {
  formId: string;
  hidden: boolean;
  onDirty: (dirty: boolean) => void;
}

/** The form of one card: mounted when the card is first opened, kept (hidden) while it is closed. */
function InteractionEditor({
  interaction,
  cardKey,
  contactId,
  userId,
  today,
  defaults,
  cadenceDays = null,
  formId,
  hidden,
  onDirty,
  onDirtyChange,
  onCreated,
  onRequestDelete,
}: InteractionEditorProps) {
  const notify = useNotify();
  const save = useSaveInteraction();
  const [saved, setSaved] = useState(() => fieldsOf(interaction, defaults));
  const [values, setValues] = useState(saved);
  // The server's copy changed (this card's own save, or a refetch), or the new card's defaults
  // arrived (the last used method loads with the list): a card without edits follows it.
  const [seen, setSeen] = useState({ interaction, method: defaults?.method, date: defaults?.dateContacted });
  if (interaction !== seen.interaction || defaults?.method !== seen.method || defaults?.dateContacted !== seen.date) {
    setSeen({ interaction, method: defaults?.method, date: defaults?.dateContacted });
    const next = fieldsOf(interaction, defaults);
    if (sameFields(values, saved)) setValues(next);
    setSaved(next);
  }
  const dirty = !sameFields(values, saved);
  const canSave = values.date_contacted !== '' && values.contact_method !== '';
  // A date typed past the picker's bound: said at the field at once (the server refuses it too).
  const dateContactedError = values.date_contacted > today ? DATE_CONTACTED_IN_FUTURE_MESSAGE : null;
  const nextContactError =
    values.next_contact_date !== '' &&
    values.next_contact_date < today &&
    values.next_contact_date !== saved.next_contact_date
      ? NEXT_CONTACT_IN_PAST_MESSAGE
      : null;

  useEffect(() => {
    onDirty(dirty);
    onDirtyChange(cardKey, dirty);
  }, [cardKey, dirty, onDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(cardKey, false), [cardKey, onDirtyChange]);

  const change = (field: keyof InteractionFields, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || save.isPending) return;
    save.mutate(
      { id: interaction?.id, contactId, userId, fields: values },
      {
        onSuccess: (result) => {
          notify.success(INTERACTION_SAVED_MESSAGE);
          if (!interaction) {
            onCreated?.();
            return;
          }
          const next = fieldsOf(result, defaults);
          setSaved(next);
          setValues(next);
        },
        onError: (error) => notify.error(saveFailure(error)),
      },
    );
  };

  // "By column": no date of its own, so the cadence decides: the last contact + the cadence.
  const byColumnOn =
    cadenceDays !== null && values.date_contacted !== '' ? addDays(values.date_contacted, cadenceDays) : null;
  const shortcuts = [
    { label: '+1 week', value: addDays(today, 7) },
    { label: '+2 weeks', value: addDays(today, 14) },
    { label: '+1 month', value: addDays(today, 30) },
    { label: byColumnOn ? `By column (${formatShortDay(byColumnOn)})` : 'No date', value: '' },
  ];

  const date = interaction ? formatDay(interaction.date_contacted) : null;
  return (
    <form
      id={formId}
      className="interaction__form"
      aria-label={interaction ? `Interaction of ${date ?? ''}` : 'New interaction'}
      hidden={hidden}
      noValidate
      onSubmit={submit}
    >
      <div className="interaction__grid">
        <TextField
          label={<RequiredLabel>Date contacted</RequiredLabel>}
          type="date"
          required
          max={today}
          error={dateContactedError}
          value={values.date_contacted}
          onChange={(event) => change('date_contacted', event.target.value)}
        />
        <div className="field">
          <label htmlFor={`${formId}-method`} className="field__label">
            <RequiredLabel>Contact method</RequiredLabel>
          </label>
          <div className="field__control">
            <select
              id={`${formId}-method`}
              className="field__input field__select"
              required
              value={values.contact_method}
              onChange={(event) => change('contact_method', event.target.value)}
            >
              <option value="" disabled>
                Choose a method
              </option>
              {CONTACT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          label="Next contact date"
          type="date"
          min={today}
          error={nextContactError}
          value={values.next_contact_date}
          onChange={(event) => change('next_contact_date', event.target.value)}
        />
      </div>
      <div className="interaction__shortcuts" role="group" aria-label="Next contact">
        <span className="interaction__shortcuts-label" aria-hidden="true">
          Next contact:
        </span>
        {shortcuts.map((shortcut) => (
          <button
            key={shortcut.label}
            type="button"
            className="interaction__shortcut"
            aria-pressed={values.next_contact_date === shortcut.value}
            onClick={() => change('next_contact_date', shortcut.value)}
          >
            {shortcut.label}
          </button>
        ))}
      </div>
      <TextAreaField
        label="Notes"
        rows={4}
        maxLength={NOTES_MAX_LENGTH}
        placeholder="What you talked about, what you promised, what to ask next time..."
        value={values.notes}
        onChange={(event) => change('notes', event.target.value)}
        hint={
          <span className="interaction__counter">
            {values.notes.length}/{NOTES_MAX_LENGTH}
            <span className="visually-hidden"> characters</span>
          </span>
        }
      />
      <div className="interaction__actions">
        {interaction && onRequestDelete ? (
          <DeleteButton onClick={() => onRequestDelete(interaction)} disabled={save.isPending}>
            Delete
          </DeleteButton>
        ) : null}
        <Button
          type="submit"
          size="sm"
          disabled={!canSave}
          loading={save.isPending}
          icon={<Save size={16} aria-hidden="true" />}
        >
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * One interaction of the Interaction notes tab (PRODUCT.md §4, §5): a summary that expands into
 * its form. A card that was never opened draws only its summary (no form, no save hook), so a
 * contact with hundreds of interactions opens about as fast as one with two; memoized, so typing
 * in one card does not re-render the others. A card once opened keeps its form (hidden when
 * closed), so collapsing it does not lose edits.
 */
export const InteractionCard = memo(function InteractionCard(props: InteractionCardProps) {
  const { interaction, defaultOpen, revealSerial } = props;
  const formId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [mounted, setMounted] = useState(defaultOpen);
  const [dirty, setDirty] = useState(false);
  const toggleButton = useRef<HTMLButtonElement>(null);

  const [seenReveal, setSeenReveal] = useState<number | undefined>(undefined);
  if (revealSerial !== undefined && revealSerial !== seenReveal) {
    setSeenReveal(revealSerial);
    setMounted(true);
    setOpen(true);
  }
  useEffect(() => {
    if (revealSerial === undefined) return;
    // After the tab switch has painted: the card is in the document and can take focus.
    const frame = requestAnimationFrame(() => {
      toggleButton.current?.scrollIntoView({ block: 'nearest' });
      toggleButton.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [revealSerial]);

  const toggle = () => {
    setMounted(true);
    setOpen((current) => !current);
  };

  const date = interaction ? formatDay(interaction.date_contacted) : null;
  const nextDate = interaction?.next_contact_date ? formatDay(interaction.next_contact_date) : null;

  return (
    <li className={`interaction${open ? ' interaction--open' : ''}`} data-interaction-id={interaction?.id}>
      <h4 className="interaction__heading">
        <button
          type="button"
          ref={toggleButton}
          className="interaction__toggle"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={toggle}
        >
          <IconBadge>
            {interaction ? <ContactMethodIcon method={interaction.contact_method} /> : <Plus size={14} />}
          </IconBadge>
          <span className="interaction__summary">
            {interaction ? (
              <>
                <span className="interaction__title">
                  {interaction.contact_method}
                  <span className="interaction__date">{date}</span>
                </span>
                {interaction.notes ? <span className="interaction__excerpt">{interaction.notes}</span> : null}
              </>
            ) : (
              <span className="interaction__title">New interaction</span>
            )}
          </span>
          {nextDate ? (
            <span className="interaction__next">
              <BellRing size={12} aria-hidden="true" />
              {/* Said on screen too: a bare date did not say what it was (issue 27 point 13). */}
              Next contact {nextDate}
            </span>
          ) : null}
          {dirty ? <span className="interaction__unsaved">Unsaved</span> : null}
          <ChevronDown size={16} className="interaction__chevron" aria-hidden="true" />
        </button>
      </h4>
      {mounted ? <InteractionEditor {...props} formId={formId} hidden={!open} onDirty={setDirty} /> : null}
    </li>
  );
});
