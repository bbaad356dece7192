import {
  ADD_FORM_CONTACT_FIELDS,
  createContactRequestSchema,
  duplicateContactResponseSchema,
  NAME_EMPTY_MESSAGE,
  type AddFormContactField,
  type Contact,
} from '@tend/contracts';
import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessages } from '@/lib/api-client';
import { boardContactPath } from '@/lib/routes';
import { useCreateContact } from '../api/create-contact';
import { CONTACT_MESSAGES } from '../messages';
import { fieldErrors, fieldForServerMessage } from '../utils/field-errors';
import { ContactFieldInput } from './contact-field-input';

type AddField = AddFormContactField['key'];
const ADD_FIELD_KEYS: readonly string[] = ADD_FORM_CONTACT_FIELDS.map((field) => field.key);
const isAddField = (key: string | null): key is AddField => key !== null && ADD_FIELD_KEYS.includes(key);

/** The card a 409 names: this LinkedIn profile is already on the board (the extension gets the same answer). */
function duplicateOf(error: unknown): { id: number; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = duplicateContactResponseSchema.safeParse(JSON.parse(error.bodyText));
    return body.success ? { id: body.data.contact_id, message: body.data.errors[0] ?? error.message } : null;
  } catch {
    return null;
  }
}
type AddValues = Record<AddField, string>;

const EMPTY = Object.fromEntries(ADD_FORM_CONTACT_FIELDS.map((field) => [field.key, ''])) as AddValues;

interface AddContactModalProps {
  /** The column whose '+ Add contact' was clicked; the server's first column when absent. */
  tierId: number | undefined;
  onClose: () => void;
  onCreated: (contact: Contact) => void;
  /** The server refused because a free plan already holds its allowance of contacts (403). */
  onLimitReached: () => void;
}

/**
 * Add contact (PRODUCT.md §2): the fields asked for first (`ADD_FORM_CONTACT_FIELDS`: '*Name',
 * required and autofocused, Title, Company, LinkedIn profile URL), each with its error; 'Next' with
 * an arrow, disabled while the name is empty; Cancel asks 'Discard contact?'.
 * Mount it only while open, so every visit starts empty.
 */
export function AddContactModal({ tierId, onClose, onCreated, onLimitReached }: AddContactModalProps) {
  const create = useCreateContact();
  const notify = useNotify();
  const [values, setValues] = useState<AddValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AddField, string>>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [duplicate, setDuplicate] = useState<{ id: number; message: string } | null>(null);
  const navigate = useNavigate();

  const change = (field: AddField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setServerErrors([]);
    const parsed = createContactRequestSchema.safeParse({ ...values, ...(tierId ? { tier_id: tierId } : {}) });
    if (!parsed.success) {
      const found = fieldErrors<AddField>(parsed.error);
      setErrors(found);
      if (found.name) notify.error(CONTACT_MESSAGES.requiredFields);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (contact) => {
        notify.success(CONTACT_MESSAGES.added);
        onCreated(contact);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) {
          onLimitReached();
          return;
        }
        const existing = duplicateOf(error);
        if (existing) {
          setDuplicate(existing);
          return;
        }
        const messages = readErrorMessages(error, CONTACT_MESSAGES.addFailed);
        const perField: Partial<Record<AddField, string>> = {};
        for (const message of messages) {
          const field = fieldForServerMessage(message);
          if (isAddField(field)) perField[field] ??= message;
        }
        setErrors(perField);
        setServerErrors(messages);
        notify.error(
          messages.includes(NAME_EMPTY_MESSAGE) ? CONTACT_MESSAGES.requiredFields : CONTACT_MESSAGES.addFailed,
        );
      },
    });
  };

  const askToDiscard = () => {
    if (!create.isPending) setConfirmDiscard(true);
  };

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) askToDiscard();
        }}
        title="Add contact"
        description={<p>Start with the basics. The contact card opens next for everything else.</p>}
        hideClose
        size="md"
      >
        <form className="form add-contact" onSubmit={submit} noValidate aria-label="Add contact">
          {serverErrors.length > 0 ? (
            <Alert title={CONTACT_MESSAGES.addFailed}>
              <ul className="alert__list">
                {serverErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {ADD_FORM_CONTACT_FIELDS.map((field) => (
            <ContactFieldInput
              key={field.key}
              field={field}
              value={values[field.key]}
              error={errors[field.key]}
              autoFocus={field.kind === 'name'}
              onChange={change(field.key)}
            />
          ))}
          <div className="dialog__footer">
            <Button variant="secondary" onClick={askToDiscard} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!values.name.trim()} loading={create.isPending}>
              Next
              <ArrowRight size={16} aria-hidden="true" />
            </Button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={duplicate !== null}
        onOpenChange={(open) => {
          if (!open) setDuplicate(null);
        }}
        title="Already on your board"
        description={<p>{duplicate?.message}</p>}
        confirmLabel="Open existing contact"
        cancelLabel="Cancel"
        onConfirm={() => {
          if (duplicate) void navigate(boardContactPath(duplicate.id));
        }}
      />
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard contact?"
        description={<p>Any information you input will be lost.</p>}
        confirmLabel="Discard contact"
        tone="danger"
        onConfirm={() => {
          setConfirmDiscard(false);
          notify.success(CONTACT_MESSAGES.discarded);
          onClose();
        }}
      />
    </>
  );
}
