import { describe, expect, it } from 'vitest';
import { prerenderLandingPage } from './prerender-landing';

describe('prerenderLandingPage', () => {
  it('renders the landing page as a visitor sees it, with its title for the head', () => {
    const page = prerenderLandingPage();
    expect(page.title).toBe('Keep your professional network warm · Tend');
    expect(page.markup).not.toContain('<title>');
    const root = document.createElement('div');
    root.innerHTML = page.markup;
    expect(root.querySelector('h1')?.textContent).toBe('Keep your professional network warm.');
    expect(root.querySelector('.mobile-notice')).not.toBeNull();
    // Links lead into the app by address (the page has no router), for a visitor who is signed out.
    const hrefs = [...root.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/signup', '/login', '/terms', '/privacy-policy']));
    expect(root.querySelector('[data-config-link="support_email"]')).not.toBeNull();
  });
});
