import {
  DRAFT_MAX_LENGTH,
  DRAFT_PURPOSES,
  DRAFT_PURPOSE_LABELS,
  DRAFT_TONES,
  DRAFT_TONE_LABELS,
  type Contact,
  type DraftPurpose,
  type DraftResponse,
  type ContactMethod,
  type Interaction,
} from '@tend/contracts';
import { CalendarCheck, ChevronDown, Copy, Mail, NotebookPen, Send, Sparkles } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import { TextAreaField } from '@/components/ui/text-field';
import { useNotify } from '@/components/ui/toast';
import { serverReason } from '@/lib/api-client';
import { formatShortDay, useMarkDone } from '@/lib/follow-ups';
import { type FollowUpDraftState } from '../api/follow-up-draft';
import { useContactInteractions } from '../api/get-interactions';
import { formatDay } from '../utils/contact-dates';
import { draftAuthorLabel, followUpMailto } from '../utils/follow-up-email';
import './follow-up-tab.css';

/** PRODUCT.md §8 clipboard and email texts. */
export const FOLLOW_UP_MESSAGES = {
  textCopied: 'Text copied to clipboard!',
  emailCopied: 'Email copied to clipboard.',
  emailOrBodyEmpty: 'Recipient email or body empty.',
  copyFailed: 'Could not copy to the clipboard. Select the text and copy it yourself.',
  draftCopiedForLinkedIn: 'Draft copied: paste it into your LinkedIn message.',
  sentLogged: (method: string) => `Logged: ${method} today.`,
  sentFailed: 'The message could not be logged. Please try again.',
} as const;

/** The method "I sent it" logs: the button that was used to send (issue 24). */
type SentVia = Extract<ContactMethod, 'LinkedIn message' | 'Email'>;

interface FollowUpTabProps {
  contact: Contact;
  /** The draft kept by the card (see `useFollowUpDraft`), so it survives switching tabs. */
  followUp: FollowUpDraftState;
  /** Shows one interaction in the Interaction notes tab. */
  onShowInteraction?: (interactionId: number) => void;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The 'Follow-up message' tab (issue 11): pick a tone and a purpose, generate a draft from the
 * contact and the latest interaction notes, edit it, then copy it or open it in the mail app. The
 * draft is only ever shown as text (a textarea's value), never as HTML.
 */
export function FollowUpTab({ contact, followUp, onShowInteraction }: FollowUpTabProps) {
  const notify = useNotify();
  const ids = useId();
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const { draft, generating, edited } = followUp;
  const mailto = followUpMailto(contact.email, draft.text);
  // Without text (or an address) the actions look unavailable and the line beside them says why
  // (issue 27 point 12): they looked ready to use. They stay focusable and still answer a click with
  // the spec's message ('Recipient email or body empty.').
  const noText = draft.text.trim() === '';
  const done = useMarkDone();
  // Which button sent the draft (Open LinkedIn, Open as email): "I sent it" logs that method.
  const [sentVia, setSentVia] = useState<SentVia | null>(null);
  // After "I sent it": the next follow-up date the rule gave (null: none, no cadence applies).
  const [logged, setLogged] = useState<{ next: string | null } | null>(null);

  const generate = () => {
    // Regenerating over the user's own edits would lose them silently: ask first.
    if (draft.generated && edited) setConfirmRegenerate(true);
    else followUp.generate();
  };

  const copyDraft = async () => {
    if (!draft.text.trim()) {
      notify.error('There is no text to copy yet.');
      return;
    }
    if (await copyText(draft.text)) notify.success(FOLLOW_UP_MESSAGES.textCopied);
    else notify.error(FOLLOW_UP_MESSAGES.copyFailed);
  };

  const copyEmail = async () => {
    if (!contact.email) return;
    if (await copyText(contact.email)) notify.success(FOLLOW_UP_MESSAGES.emailCopied);
    else notify.error(FOLLOW_UP_MESSAGES.copyFailed);
  };

  const openAsEmail = (event: MouseEvent<HTMLAnchorElement>) => {
    if (mailto) {
      // The browser opens the link with the user's mail app.
      setSentVia('Email');
      setLogged(null);
      return;
    }
    event.preventDefault();
    notify.error(FOLLOW_UP_MESSAGES.emailOrBodyEmpty);
  };

  // The link opens the profile in a new tab by itself; the draft goes to the clipboard meanwhile,
  // ready to paste into the message.
  const openLinkedIn = () => {
    setSentVia('LinkedIn message');
    setLogged(null);
    if (!draft.text.trim()) return;
    void copyText(draft.text).then((copied) => {
      if (copied) notify.success(FOLLOW_UP_MESSAGES.draftCopiedForLinkedIn);
      else notify.error(FOLLOW_UP_MESSAGES.copyFailed);
    });
  };

  const iSentIt = () => {
    if (!sentVia || done.isPending) return;
    const note = draft.text.trim();
    done.mutate(
      { contactId: contact.id, body: { method: sentVia, ...(note ? { note } : {}) } },
      {
        onSuccess: (saved) => {
          setLogged({ next: saved.next_follow_up_on });
          setSentVia(null);
          // Sent and logged (the note holds it): closing the card has nothing to lose.
          followUp.reset();
          notify.success(FOLLOW_UP_MESSAGES.sentLogged(sentVia));
        },
        onError: (error) => notify.error(FOLLOW_UP_MESSAGES.sentFailed, { detail: serverReason(error) }),
      },
    );
  };

  return (
    <section className="follow-up" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} className="visually-hidden">
        Follow-up message to {contact.name}
      </h3>
      <div className="follow-up__controls">
        <fieldset className="follow-up__tones">
          <legend className="follow-up__label">Tone</legend>
          <div className="follow-up__segments">
            {DRAFT_TONES.map((tone) => (
              <label key={tone} className="follow-up__segment">
                <input
                  type="radio"
                  name={`${ids}-tone`}
                  value={tone}
                  checked={draft.tone === tone}
                  onChange={() => followUp.setTone(tone)}
                />
                <span>{DRAFT_TONE_LABELS[tone]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="follow-up__purpose">
          <label className="follow-up__label" htmlFor={`${ids}-purpose`}>
            Purpose
          </label>
          <select
            id={`${ids}-purpose`}
            className="follow-up__select"
            value={draft.purpose}
            onChange={(event) => followUp.setPurpose(event.target.value as DraftPurpose)}
          >
            {DRAFT_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {DRAFT_PURPOSE_LABELS[purpose]}
              </option>
            ))}
          </select>
        </div>
        <Button
          className="follow-up__generate"
          loading={generating}
          icon={<Sparkles size={16} aria-hidden="true" />}
          onClick={generate}
        >
          {draft.generated ? 'Regenerate' : 'Generate'}
        </Button>
        <p className="follow-up__status" role="status">
          {generating ? `Writing a follow-up to ${contact.name}...` : ''}
        </p>
      </div>

      <TextAreaField
        className="follow-up__editor"
        label="Follow-up message"
        rows={7}
        maxLength={DRAFT_MAX_LENGTH}
        value={draft.text}
        readOnly={generating}
        aria-busy={generating || undefined}
        placeholder={`Choose a tone and a purpose, then Generate: the draft uses ${contact.name}'s details and your latest interaction notes. Or write your own.`}
        onChange={(event) => followUp.setText(event.target.value)}
        hint={
          <span className="follow-up__counter">
            {draft.text.length}/{DRAFT_MAX_LENGTH}
          </span>
        }
      />

      <div className="follow-up__actions">
        <Button
          variant="secondary"
          icon={<Copy size={16} aria-hidden="true" />}
          onClick={() => void copyDraft()}
          aria-disabled={noText || undefined}
          aria-describedby={noText ? `${ids}-no-text` : undefined}
        >
          Copy text
        </Button>
        <a
          className={buttonClassName({ variant: 'secondary' })}
          href={mailto ?? '#'}
          onClick={openAsEmail}
          aria-disabled={mailto ? undefined : true}
          aria-describedby={noText ? `${ids}-no-text ${ids}-recipient` : `${ids}-recipient`}
        >
          <Mail size={16} aria-hidden="true" />
          Open as email
        </a>
        {contact.linked_in ? (
          <a
            className={buttonClassName({ variant: 'secondary' })}
            href={contact.linked_in}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openLinkedIn}
          >
            <LinkedInIcon size={16} />
            Open LinkedIn
            <span className="visually-hidden"> (copies the draft, opens in a new tab)</span>
          </a>
        ) : null}
        <p id={`${ids}-recipient`} className="follow-up__recipient">
          {contact.email ? (
            <>
              To <span className="follow-up__address">{contact.email}</span>
              <Button
                variant="ghost"
                size="sm"
                icon={<Copy size={14} aria-hidden="true" />}
                onClick={() => void copyEmail()}
              >
                Copy email
              </Button>
            </>
          ) : (
            <>No email saved for {contact.name}: add one in Contact information.</>
          )}
        </p>
        {noText ? (
          <p id={`${ids}-no-text`} className="follow-up__no-text">
            Generate a draft or write your own to copy it or open it as an email.
          </p>
        ) : null}
      </div>

      <div className="follow-up__sent" role="status">
        {sentVia ? (
          <>
            <span>Sent it by {sentVia === 'Email' ? 'email' : 'LinkedIn'}?</span>
            <Button size="sm" icon={<Send size={14} aria-hidden="true" />} loading={done.isPending} onClick={iSentIt}>
              I sent it
            </Button>
          </>
        ) : logged ? (
          <span className="follow-up__next">
            <CalendarCheck size={16} aria-hidden="true" />
            {logged.next
              ? `Next follow-up: ${formatShortDay(logged.next)}`
              : 'Logged. No next follow-up: give its column a cadence to be reminded.'}
          </span>
        ) : null}
      </div>

      {draft.generated ? (
        <DraftSources contactId={contact.id} answer={draft.generated} onShowInteraction={onShowInteraction} />
      ) : null}

      <ConfirmDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        title="Replace your edited draft?"
        description={<p>A new draft replaces the text you changed.</p>}
        confirmLabel="Regenerate"
        onConfirm={() => {
          setConfirmRegenerate(false);
          followUp.generate();
        }}
      />
    </section>
  );
}

interface DraftSourcesProps {
  contactId: number;
  answer: DraftResponse;
  onShowInteraction: ((interactionId: number) => void) | undefined;
}

/** Who wrote the draft, and the interaction notes it was written from (newest first). */
function DraftSources({ contactId, answer, onShowInteraction }: DraftSourcesProps) {
  const usedIds = answer.used_interaction_ids;
  // The same query as the timeline and the Interaction notes tab: a deleted note leaves all three at once.
  const interactions = useContactInteractions(contactId);
  const byId = new Map((interactions.data ?? []).map((interaction) => [interaction.id, interaction]));
  const used = usedIds.map((id) => byId.get(id)).filter((item): item is Interaction => item !== undefined);

  return (
    <aside className="follow-up__sources" aria-label="How this draft was written">
      <p className="follow-up__author">
        Written by <strong>{draftAuthorLabel(answer.provider, answer.model)}</strong>
      </p>
      {usedIds.length === 0 ? (
        <p className="follow-up__sources-empty">
          No interaction notes yet, so the draft uses only the contact's details. Log an interaction for a more personal
          draft.
        </p>
      ) : (
        <>
          <h4 className="follow-up__sources-heading">Notes used ({usedIds.length})</h4>
          {interactions.isPending ? (
            <Spinner size={16} label="Loading the notes used" />
          ) : interactions.isError ? (
            <p className="follow-up__sources-empty">The notes used could not be loaded.</p>
          ) : (
            <ul className="follow-up__source-list">
              {used.map((interaction) => (
                <DraftSource key={interaction.id} interaction={interaction} onShow={onShowInteraction} />
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}

function DraftSource({
  interaction,
  onShow,
}: {
  interaction: Interaction;
  onShow: ((interactionId: number) => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const date = formatDay(interaction.date_contacted) ?? interaction.date_contacted;
  return (
    <li className="follow-up__source">
      <button
        type="button"
        className="follow-up__source-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="follow-up__source-date">{date}</span>
        <span className="follow-up__source-method">{interaction.contact_method}</span>
        <ChevronDown size={16} aria-hidden="true" className="follow-up__source-chevron" />
      </button>
      <div id={panelId} hidden={!open} className="follow-up__source-body">
        <p className="follow-up__source-notes">{interaction.notes || 'No notes were written.'}</p>
        {onShow ? (
          <Button
            variant="link"
            size="sm"
            icon={<NotebookPen size={14} aria-hidden="true" />}
            onClick={() => onShow(interaction.id)}
          >
            Show in Interaction notes
          </Button>
        ) : null}
      </div>
    </li>
  );
}
