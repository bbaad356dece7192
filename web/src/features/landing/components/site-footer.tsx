import { Link } from 'react-router-dom';
import { Wordmark } from '../../../components/ui/logo';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { ROUTES } from '../../../lib/routes';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Wordmark size={24} />
        <nav aria-label="Footer" className="site-footer__links">
          <a href={`mailto:${SUPPORT_EMAIL}`}>Contact us</a>
          <Link to={ROUTES.terms}>Terms of Use</Link>
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
        </nav>
        <p className="site-footer__copyright">&copy; 2025 Tend. All rights reserved.</p>
      </div>
    </footer>
  );
}
