import { CONFIG_LINK_ATTRIBUTE } from '@tend/contracts';
import { Link } from 'react-router-dom';
import { Wordmark } from '@/components/ui/logo';
import { usePublicConfig } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import '../site.css';

export function SiteFooter() {
  const config = usePublicConfig();
  // The configured links carry their config key, so the prerendered landing page can fill them in
  // (the server, api/src/infra/http/landing-page.ts); a link without an address stays hidden.
  const configLink = (key: 'linkedin_company_url' | 'newsletter_url', label: string) => (
    <a
      href={config[key] || undefined}
      hidden={!config[key]}
      target="_blank"
      rel="noopener noreferrer"
      {...{ [CONFIG_LINK_ATTRIBUTE]: key }}
    >
      {label}
    </a>
  );
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Wordmark size={24} />
        <nav aria-label="Footer" className="site-footer__links">
          <a href={`mailto:${config.support_email}`} {...{ [CONFIG_LINK_ATTRIBUTE]: 'support_email' }}>
            Contact us
          </a>
          {configLink('linkedin_company_url', 'LinkedIn')}
          {configLink('newsletter_url', 'Newsletter')}
          <Link to={ROUTES.terms}>Terms of Use</Link>
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
        </nav>
        <p className="site-footer__copyright">&copy; 2025 Tend. All rights reserved.</p>
      </div>
    </footer>
  );
}
