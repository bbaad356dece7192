import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '@/lib/public-config';
import { applyPublicConfigLinks } from './public-config-links';

/** The footer's links as the prerendered landing page has them (built with the defaults). */
function prerenderedFooter(): HTMLElement {
  const nav = document.createElement('nav');
  nav.innerHTML = `
    <a href="mailto:support@tend.app" data-config-link="support_email">Contact us</a>
    <a hidden target="_blank" data-config-link="linkedin_company_url">LinkedIn</a>
    <a hidden target="_blank" data-config-link="newsletter_url">Newsletter</a>
    <a href="/terms">Terms of Use</a>`;
  return nav;
}

const link = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('a')].find((anchor) => anchor.textContent === name)!;

describe('applyPublicConfigLinks', () => {
  it('points the footer at the configured addresses and shows the configured links', () => {
    const footer = prerenderedFooter();
    applyPublicConfigLinks(footer, {
      ...DEFAULT_PUBLIC_CONFIG,
      support_email: 'help@example.org',
      linkedin_company_url: 'https://www.linkedin.com/company/tend',
    });
    expect(link(footer, 'Contact us').getAttribute('href')).toBe('mailto:help@example.org');
    expect(link(footer, 'LinkedIn').getAttribute('href')).toBe('https://www.linkedin.com/company/tend');
    expect(link(footer, 'LinkedIn').hidden).toBe(false);
    expect(link(footer, 'Newsletter').hidden).toBe(true);
    expect(link(footer, 'Terms of Use').getAttribute('href')).toBe('/terms');
  });

  it('keeps links without a configured address hidden', () => {
    const footer = prerenderedFooter();
    applyPublicConfigLinks(footer, DEFAULT_PUBLIC_CONFIG);
    expect(link(footer, 'Contact us').getAttribute('href')).toBe(`mailto:${DEFAULT_PUBLIC_CONFIG.support_email}`);
    expect(link(footer, 'LinkedIn').hidden).toBe(true);
    expect(link(footer, 'Newsletter').hidden).toBe(true);
  });
});
