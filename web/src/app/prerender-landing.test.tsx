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

  it('has no video element: a lazy, sized poster links to the demo page, which plays it', () => {
    const root = document.createElement('div');
    root.innerHTML = prerenderLandingPage().markup;
    expect(root.querySelector('video')).toBeNull();
    const poster = root.querySelector<HTMLAnchorElement>('a.demo__poster');
    expect(poster?.getAttribute('href')).toBe('/demo');
    expect(poster?.getAttribute('aria-label')).toBe(
      'Play the video. Demo of Tend: signing up, adding a contact and drafting a follow-up message',
    );
    const image = poster?.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/demo-poster.webp');
    expect([image?.getAttribute('loading'), image?.getAttribute('decoding')]).toEqual(['lazy', 'async']);
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['1280', '800']);
  });

  it('marks every testimonial as a sample, and names the newsletter day and the free allowance', () => {
    const root = document.createElement('div');
    root.innerHTML = prerenderLandingPage().markup;
    const testimonials = [...root.querySelectorAll('figure.testimonial')];
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) expect(testimonial.textContent).toContain('Sample');
    expect(root.textContent).toContain('Sample testimonials');
    expect(root.textContent).toContain('every Tuesday');
    expect(root.querySelector('[data-config-link="newsletter_url"]')?.textContent).toBe('Subscribe to the newsletter');
    expect([...root.querySelectorAll('[data-free-plan-cards]')].map((node) => node.textContent)).toEqual([
      '25',
      '25',
      '25',
      '25',
    ]);
    expect(root.textContent).toContain('© 2025 Tend');
  });
});
