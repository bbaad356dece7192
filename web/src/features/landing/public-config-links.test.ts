import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG } from '@/lib/public-config';
import { applyFreePlanCards, applyPublicConfigLinks } from './public-config-links';

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

describe('applyFreePlanCards', () => {
  function prerenderedOffer(): HTMLElement {
    const section = document.createElement('section');
    section.innerHTML = `
      <a href="/signup">Start with <span data-free-plan-cards="">25</span> free cards</a>
      <li><span data-free-plan-cards="">25</span> cards</li>`;
    return section;
  }

  it("names the server's allowance", () => {
    const offer = prerenderedOffer();
    applyFreePlanCards(offer, { ...DEFAULT_PUBLIC_CONFIG, free_plan_card_limit: 40 });
    expect(offer.querySelector('a')?.textContent).toBe('Start with 40 free cards');
    expect(offer.querySelector('li')?.textContent).toBe('40 cards');
  });

  it("says 'unlimited' when the server sets no limit", () => {
    const offer = prerenderedOffer();
    applyFreePlanCards(offer, { ...DEFAULT_PUBLIC_CONFIG, free_plan_card_limit: null });
    expect(offer.querySelector('a')?.textContent).toBe('Start with unlimited free cards');
  });
});
