import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, mergePublicConfig } from './public-config';

describe('mergePublicConfig', () => {
  it('falls back to the defaults without an answer', () => {
    expect(mergePublicConfig(undefined)).toEqual(DEFAULT_PUBLIC_CONFIG);
  });

  it('takes non-empty links and booleans from the server, keeps defaults for blanks and junk', () => {
    const merged = mergePublicConfig({
      support_email: 'help@tend.example',
      chrome_extension_url: '  ',
      newsletter_url: 'https://news.example',
      linkedin_company_url: 42,
      billing_enabled: true,
      dev_mailbox: 'yes',
    });
    expect(merged).toEqual({
      ...DEFAULT_PUBLIC_CONFIG,
      support_email: 'help@tend.example',
      newsletter_url: 'https://news.example',
      billing_enabled: true,
    });
  });
});
