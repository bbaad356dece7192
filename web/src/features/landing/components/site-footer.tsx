import { Link } from 'react-router-dom';
import { Wordmark } from '../../../components/ui/logo';
import { usePublicConfig } from '../../../lib/config';
import { ROUTES } from '../../../lib/routes';

export function SiteFooter() {
  const config = usePublicConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Wordmark size={24} />
        <nav aria-label="Footer" className="site-footer__links">
          <a href={`mailto:${config.support_email}`}>Contact us</a>
          {config.linkedin_company_url ? (
            <a href={config.linkedin_company_url} target="_blank" rel="noopener noreferrer">
              LinkedIn
            </a>
          ) : null}
          {config.newsletter_url ? (
            <a href={config.newsletter_url} target="_blank" rel="noopener noreferrer">
              Newsletter
            </a>
          ) : null}
          <Link to={ROUTES.terms}>Terms of Use</Link>
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
        </nav>
        <p className="site-footer__copyright">&copy; 2025 Tend. All rights reserved.</p>
      </div>
    </footer>
  );
}
