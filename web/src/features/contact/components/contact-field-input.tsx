import type { ContactField, ContactFieldKind } from '@tend/contracts';
import type { InputHTMLAttributes } from 'react';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { RequiredLabel } from './required-label';

/** How a form asks for a value of each kind (the fields and their kinds: the contracts' `CONTACT_FIELDS`). */
const INPUT_OF_KIND: Record<Exclude<ContactFieldKind, 'long-text'>, InputHTMLAttributes<HTMLInputElement>> = {
  name: { required: true },
  text: {},
  url: { type: 'url', inputMode: 'url' },
  email: { type: 'email' },
  phone: { type: 'tel' },
  date: { type: 'date' },
};

interface ContactFieldInputProps {
  field: ContactField;
  value: string;
  error?: string | undefined;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}

/**
 * One field of a contact form (the contact card's information, Add contact): its label (the
 * name's with the spec's '*'), the control its kind asks for, its placeholder and its error.
 */
export function ContactFieldInput({ field, value, error, autoFocus, onChange }: ContactFieldInputProps) {
  const label = 'formLabel' in field ? field.formLabel : field.label;
  const placeholder = 'placeholder' in field ? field.placeholder : undefined;
  const common = {
    name: field.key,
    value,
    error,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (field.kind === 'long-text') return <TextAreaField label={label} rows={2} placeholder={placeholder} {...common} />;
  return (
    <TextField
      label={field.kind === 'name' ? <RequiredLabel>{label}</RequiredLabel> : label}
      autoFocus={autoFocus}
      {...INPUT_OF_KIND[field.kind]}
      placeholder={placeholder}
      // Off: a browser would offer the user's own details for someone else's card.
      autoComplete={field.kind === 'date' ? undefined : 'off'}
      {...common}
    />
  );
}
