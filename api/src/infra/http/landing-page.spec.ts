import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { landingDocument, personaliseLanding, type LandingSettings } from './landing-page';

/** Parts of the prerendered landing page as the build writes them (with the configuration's defaults). */
const TEMPLATE = [
  '<a class="btn" hidden="" target="_blank" rel="noopener noreferrer" data-config-link="newsletter_url">Subscribe</a>',
  '<a href="mailto:support@tend.app" data-config-link="support_email">Contact us</a>',
  '<a hidden="" target="_blank" rel="noopener noreferrer" data-config-link="linkedin_company_url">LinkedIn</a>',
  '<a href="/terms" data-discover="true">Terms of Use</a>',
  '<p>Start with <span data-free-plan-cards="">25</span> free cards</p>',
  '<li><span data-free-plan-cards="">25</span> cards</li>',
].join('\n');

const SETTINGS: LandingSettings = {
  support_email: 'help@example.org',
  newsletter_url: 'https://example.org/news?issue=1&from=tend',
  linkedin_company_url: 'https://www.linkedin.com/company/tend',
  free_plan_card_limit: 40,
};

const lines = (html: string) => html.split('\n');

describe('personaliseLanding', () => {
  it("points each marked link at the server's address, shows it, and leaves other links alone", () => {
    const [newsletter, contact, linkedIn, terms] = lines(personaliseLanding(TEMPLATE, SETTINGS));
    expect(newsletter).toBe(
      '<a href="https://example.org/news?issue=1&amp;from=tend" class="btn" target="_blank" rel="noopener noreferrer" data-config-link="newsletter_url">Subscribe</a>',
    );
    expect(contact).toBe('<a href="mailto:help@example.org" data-config-link="support_email">Contact us</a>');
    expect(linkedIn).toBe(
      '<a href="https://www.linkedin.com/company/tend" target="_blank" rel="noopener noreferrer" data-config-link="linkedin_company_url">LinkedIn</a>',
    );
    expect(terms).toBe('<a href="/terms" data-discover="true">Terms of Use</a>');
  });

  it('hides a link whose address is not set, without an address', () => {
    const [newsletter, contact] = lines(
      personaliseLanding(TEMPLATE, { ...SETTINGS, newsletter_url: '', support_email: '' }),
    );
    expect(newsletter).toBe(
      '<a hidden="" class="btn" target="_blank" rel="noopener noreferrer" data-config-link="newsletter_url">Subscribe</a>',
    );
    expect(contact).toBe('<a hidden="" data-config-link="support_email">Contact us</a>');
  });

  it('escapes an address so it cannot end its attribute', () => {
    const [newsletter] = lines(
      personaliseLanding(TEMPLATE, { ...SETTINGS, newsletter_url: 'https://example.org/"><script>' }),
    );
    expect(newsletter).toContain('href="https://example.org/&quot;&gt;&lt;script&gt;"');
    expect(newsletter).not.toContain('<script>');
  });

  it("names the server's free allowance everywhere the page says it, or 'unlimited'", () => {
    const filled = lines(personaliseLanding(TEMPLATE, SETTINGS));
    expect(filled[4]).toBe('<p>Start with <span data-free-plan-cards="">40</span> free cards</p>');
    expect(filled[5]).toBe('<li><span data-free-plan-cards="">40</span> cards</li>');
    const unlimited = lines(personaliseLanding(TEMPLATE, { ...SETTINGS, free_plan_card_limit: null }));
    expect(unlimited[4]).toBe('<p>Start with <span data-free-plan-cards="">unlimited</span> free cards</p>');
  });
});

describe('landingDocument', () => {
  it('holds the filled-in page as it is, in brotli and in gzip', () => {
    const page = landingDocument(TEMPLATE, SETTINGS);
    const expected = personaliseLanding(TEMPLATE, SETTINGS);
    expect(page.html.toString()).toBe(expected);
    expect(brotliDecompressSync(page.br).toString()).toBe(expected);
    expect(gunzipSync(page.gzip).toString()).toBe(expected);
  });
});
