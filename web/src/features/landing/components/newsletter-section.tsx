import { CONFIG_LINK_ATTRIBUTE } from '@tend/contracts';
import { Mail } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/config';
import './newsletter-section.css';

/** The weekly newsletter, with its link once the server names the page. */
export function NewsletterSection() {
  const config = usePublicConfig();
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <span className="newsletter__icon" aria-hidden="true">
        <Mail size={22} />
      </span>
      <div className="newsletter__copy">
        <h2 id="newsletter-title" className="newsletter__title">
          One networking tip, every Tuesday
        </h2>
        <p className="newsletter__text">
          Our newsletter goes out every Tuesday: a short read on following up, asking for referrals and keeping in
          touch.
        </p>
      </div>
      {/* Shown once the server names its newsletter page (the prerendered page fills it in). */}
      <a
        className={buttonClassName({ variant: 'secondary' })}
        href={config.newsletter_url || undefined}
        hidden={!config.newsletter_url}
        target="_blank"
        rel="noopener noreferrer"
        {...{ [CONFIG_LINK_ATTRIBUTE]: 'newsletter_url' }}
      >
        Subscribe to the newsletter
      </a>
    </section>
  );
}
