/**
 * The editable fields of a contact card, listed once. What names them is derived from this list:
 * the request and response schemas (contacts.ts), the import's fields and column guesses, the
 * export's CSV columns and vCard, the API's entity mapping and board JSON, the web app's contact
 * forms and the extension's popup. Adding a field is an entry here, its column on the API's
 * `Contact` entity (with a migration), and tests. Free of zod, so the extension's popup can use it.
 *
 * A field's key is its JSON name and its database column; in camelCase it is its property on the
 * API's entity and in the extension's form. The list's order is the JSON's, the export's columns'
 * and the contact card's form's.
 */

/** What a value is: picks its validation (contacts.ts) and how a form asks for it. */
export type ContactFieldKind = 'name' | 'text' | 'long-text' | 'phone' | 'url' | 'email' | 'date';

export interface ContactFieldSpec {
  readonly key: string;
  /** How messages and the import's column mapping name it. */
  readonly label: string;
  /** The web app's form label, where it says more than `label`. */
  readonly formLabel?: string;
  readonly placeholder?: string;
  readonly kind: ContactFieldKind;
  /** The most characters it holds (null: its kind bounds it, as a date's). */
  readonly maxLength: number | null;
  /** Its column in an export's `contacts.csv` (the import guesses it back from there). */
  readonly csvHeader: string;
  /** Its vCard property in `contacts.vcf` and when a .vcf is imported (null: none). */
  readonly vcard: string | null;
  /**
   * Present when an import fills it: the header names other apps give its column (lower case,
   * words only), best first; the export's own `csvHeader` is always tried first.
   */
  readonly importHeaders?: readonly string[];
  /** Asked for when a card is first made: the Add contact dialog and the extension's popup. */
  readonly onAddForm?: boolean;
}

export const CONTACT_FIELDS = [
  {
    key: 'name',
    label: 'Name',
    kind: 'name',
    maxLength: 120,
    csvHeader: 'name',
    vcard: 'FN',
    importHeaders: ['full name', 'display name', 'contact name', 'contact'],
    onAddForm: true,
  },
  {
    key: 'title',
    label: 'Title',
    kind: 'text',
    maxLength: 120,
    csvHeader: 'title',
    vcard: 'TITLE',
    importHeaders: ['job title', 'position', 'organization title', 'organization 1 title', 'role', 'occupation'],
    onAddForm: true,
  },
  {
    key: 'company',
    label: 'Company',
    kind: 'text',
    maxLength: 120,
    csvHeader: 'company',
    vcard: 'ORG',
    importHeaders: [
      'organization',
      'organisation',
      'organization name',
      'organization 1 name',
      'company name',
      'employer',
    ],
    onAddForm: true,
  },
  {
    key: 'linked_in',
    label: 'LinkedIn URL',
    formLabel: 'LinkedIn profile URL',
    placeholder: 'linkedin.com/in/...',
    kind: 'url',
    maxLength: 500,
    csvHeader: 'linked_in',
    vcard: 'URL',
    importHeaders: [
      'linkedin',
      'linkedin url',
      'linkedin profile',
      'profile url',
      'url',
      'website',
      'website 1 value',
      'web page',
      'personal web page',
    ],
    onAddForm: true,
  },
  {
    key: 'email',
    label: 'Email',
    kind: 'email',
    maxLength: 254,
    csvHeader: 'email',
    vcard: 'EMAIL',
    importHeaders: [
      'e mail',
      'email address',
      'e mail address',
      'e mail 1 value',
      'email 1 value',
      'primary email',
      'work email',
    ],
  },
  {
    key: 'phone_number',
    label: 'Phone number',
    kind: 'phone',
    maxLength: 40,
    csvHeader: 'phone_number',
    vcard: 'TEL',
    importHeaders: [
      'phone',
      'mobile',
      'mobile phone',
      'phone 1 value',
      'primary phone',
      'business phone',
      'telephone',
      'home phone',
    ],
  },
  {
    key: 'connection_description',
    label: 'Connection description',
    placeholder: 'How you met, what you talked about, who introduced you...',
    kind: 'long-text',
    maxLength: 2000,
    csvHeader: 'connection_description',
    vcard: 'NOTE',
    importHeaders: ['notes', 'note', 'description', 'how we met'],
  },
  {
    key: 'date_connected',
    label: 'Date connected',
    kind: 'date',
    maxLength: null,
    csvHeader: 'date_connected',
    // vCard has no property for it: our export's own, read back by the import.
    vcard: 'X-TEND-DATE-CONNECTED',
    importHeaders: ['connected on', 'connected', 'connection date'],
  },
] as const satisfies readonly ContactFieldSpec[];

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldKey = ContactField['key'];
/** The fields an import can fill. */
export type ImportableContactField = Extract<ContactField, { importHeaders: readonly string[] }>;
/** The fields asked for when a card is first made. */
export type AddFormContactField = Extract<ContactField, { onAddForm: true }>;

export const CONTACT_FIELD_KEYS: readonly ContactFieldKey[] = CONTACT_FIELDS.map((field) => field.key);

export function contactField<K extends ContactFieldKey>(key: K): Extract<ContactField, { key: K }> {
  return CONTACT_FIELDS.find((field) => field.key === key) as Extract<ContactField, { key: K }>;
}

export const IMPORTABLE_CONTACT_FIELDS = CONTACT_FIELDS.filter(
  (field): field is ImportableContactField => 'importHeaders' in field,
);

export const ADD_FORM_CONTACT_FIELDS = CONTACT_FIELDS.filter(
  (field): field is AddFormContactField => 'onAddForm' in field && field.onAddForm,
);

/** `linked_in` -> `linkedIn`: a field's property name in code (the API's entity, the extension's form). */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export function camelCase<S extends string>(key: S): CamelCase<S> {
  return key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<S>;
}
