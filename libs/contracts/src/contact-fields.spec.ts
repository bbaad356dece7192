import { describe, expect, it } from 'vitest';
import {
  ADD_FORM_CONTACT_FIELDS,
  camelCase,
  CONTACT_FIELD_KEYS,
  CONTACT_FIELDS,
  contactField,
  IMPORTABLE_CONTACT_FIELDS,
} from './contact-fields';
import { contactSchema, createContactRequestSchema, updateContactRequestSchema } from './contacts';
import { EXPORT_CONTACT_COLUMNS, IMPORT_FIELD_LABELS, IMPORT_FIELDS } from './imports';

describe('the contact fields', () => {
  it('are what the request and response schemas hold, in their order', () => {
    expect(Object.keys(createContactRequestSchema.shape)).toEqual([
      ...CONTACT_FIELD_KEYS,
      'tier_id',
      'column_order',
      'vertical_order',
      'user_id',
      // Into the network instead of onto the board (issue 26).
      'on_board',
      // Saved with what just happened and when to follow up (the extension, issue 29).
      'first_interaction',
      'next_follow_up_on',
    ]);
    expect(Object.keys(updateContactRequestSchema.shape)).toEqual([
      ...CONTACT_FIELD_KEYS,
      'tier_id',
      'column_order',
      'vertical_order',
      'user_id',
      'id',
      // The daily loop's: a card's own cadence and its scheduled follow-up.
      'cadence_days',
      'next_follow_up_on',
    ]);
    expect(Object.keys(contactSchema.shape)).toEqual([
      'id',
      'user_id',
      ...CONTACT_FIELD_KEYS,
      'on_board',
      'tier_id',
      'column_order',
      'vertical_order',
      'photo_url',
      'cadence_days',
      'last_contacted_on',
      'next_follow_up_on',
      'created_at',
      'updated_at',
    ]);
  });

  it('require the name only; any other field may be left out or emptied', () => {
    expect(createContactRequestSchema.safeParse({}).success).toBe(false);
    const emptied = Object.fromEntries(CONTACT_FIELD_KEYS.map((key) => [key, key === 'name' ? 'Ada' : ' ']));
    expect(createContactRequestSchema.parse(emptied)).toEqual(
      Object.fromEntries(CONTACT_FIELD_KEYS.map((key) => [key, key === 'name' ? 'Ada' : null])),
    );
  });

  it('refuse a value one character past the limit, naming the field', () => {
    for (const field of CONTACT_FIELDS) {
      if (field.maxLength === null) continue;
      const body = { name: 'Ada', [field.key]: 'a'.repeat(field.maxLength + 1) };
      const result = createContactRequestSchema.safeParse(body);
      expect(result.success, field.key).toBe(false);
      // The email rule answers with zod's own wording, as it always has.
      if (field.kind !== 'email') {
        expect(result.error?.issues[0]?.message).toBe(`${field.label} must be at most ${field.maxLength} characters.`);
      }
    }
  });

  it('give the import its fields, labels and the export its columns', () => {
    expect(IMPORT_FIELDS).toEqual([
      'name',
      'first_name',
      'last_name',
      ...IMPORTABLE_CONTACT_FIELDS.map((field) => field.key).filter((key) => key !== 'name'),
    ]);
    expect(IMPORT_FIELD_LABELS.linked_in).toBe('LinkedIn URL');
    expect(IMPORT_FIELD_LABELS.first_name).toBe('First name');
    expect(IMPORT_FIELDS.every((field) => typeof IMPORT_FIELD_LABELS[field] === 'string')).toBe(true);
    expect(EXPORT_CONTACT_COLUMNS.slice(0, CONTACT_FIELDS.length + 1)).toEqual([
      'id',
      ...CONTACT_FIELDS.map((field) => field.csvHeader),
    ]);
  });

  it('name the fields asked for first, and each by key', () => {
    expect(ADD_FORM_CONTACT_FIELDS.map((field) => field.key)).toEqual(['name', 'title', 'company', 'linked_in']);
    expect(contactField('linked_in').formLabel).toBe('LinkedIn profile URL');
    expect(new Set(CONTACT_FIELD_KEYS).size).toBe(CONTACT_FIELDS.length);
  });

  it('turn a key into its camelCase property name', () => {
    expect(camelCase('name')).toBe('name');
    expect(camelCase('linked_in')).toBe('linkedIn');
    expect(camelCase('connection_description')).toBe('connectionDescription');
    expect(camelCase('a_b_c')).toBe('aBC');
  });
});
