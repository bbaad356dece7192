import { Save } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import type { ContactFields } from '../api/update-contact';
import { RequiredLabel } from './required-label';
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

/** The 'Contact information' tab: every field of the contact, saved together. */
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
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
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
        <TextField label={<RequiredLabel>Name</RequiredLabel>} required autoComplete="off" {...bind('name')} />
        <TextField label="Title" autoComplete="off" {...bind('title')} />
        <TextField label="Company" autoComplete="off" {...bind('company')} />
        <TextField
          label="LinkedIn profile URL"
          type="url"
          inputMode="url"
          placeholder="linkedin.com/in/..."
          autoComplete="off"
          {...bind('linked_in')}
        />
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        <TextField label="Phone number" type="tel" autoComplete="off" {...bind('phone_number')} />
        <TextField label="Date connected" type="date" {...bind('date_connected')} />
      </div>
      <TextAreaField
        label="Connection description"
        rows={4}
        placeholder="How you met, what you talked about, who introduced you..."
        {...bind('connection_description')}
      />
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
