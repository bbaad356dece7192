import { CONTACT_FIELDS } from '@tend/contracts';
import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ContactFields } from '../api/update-contact';
import { ContactFieldInput } from './contact-field-input';
import './contact-info-form.css';

export type ContactFieldErrors = Partial<Record<keyof ContactFields, string>>;

interface ContactInfoFormProps {
  values: ContactFields;
  errors: ContactFieldErrors;
  serverErrors: string[];
  dirty: boolean;
  saving: boolean;
  onChange: (field: keyof ContactFields, value: string) => void;
  onSubmit: () => void;
}

/** The 'Contact information' tab: every field of the contact (long texts below the grid), saved together. */
export function ContactInfoForm({
  values,
  errors,
  serverErrors,
  dirty,
  saving,
  onChange,
  onSubmit,
}: ContactInfoFormProps) {
  const bind = (field: keyof ContactFields) => ({
    value: values[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
  });

  return (
    <form
      className="contact-form"
      aria-label="Contact information"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {serverErrors.length > 0 ? (
        <Alert title="The contact was not saved.">
          <ul className="alert__list">
            {serverErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="contact-form__grid">
        {CONTACT_FIELDS.filter((field) => field.kind !== 'long-text').map((field) => (
          <ContactFieldInput key={field.key} {...bind(field.key)} field={field} />
        ))}
      </div>
      {CONTACT_FIELDS.filter((field) => field.kind === 'long-text').map((field) => (
        <ContactFieldInput key={field.key} {...bind(field.key)} field={field} />
      ))}
      <div className="contact-form__actions">
        <p className="contact-form__status" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </p>
        <Button type="submit" loading={saving} icon={<Save size={16} aria-hidden="true" />}>
          Save
        </Button>
      </div>
    </form>
  );
}
