import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/lib/session';
import '../site.css';

export function SiteHeader({ sections = false }: { sections?: boolean }) {
  const { data: user } = useSession();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={ROUTES.landing} className="logo-link" aria-label="Tend home">
          <Wordmark />
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          {sections ? (
            <>
              <a href="#demo">Demo</a>
              <a href="#features">Features</a>
              <a href="#pricing">Pricing</a>
            </>
          ) : null}
          {user ? (
            <Link className={buttonClassName({})} to={ROUTES.board}>
              Back to Board
            </Link>
          ) : (
            <>
              <Link className={buttonClassName({ variant: 'ghost' })} to={ROUTES.logIn}>
                Log in
              </Link>
              <Link className={buttonClassName({})} to={ROUTES.signUp}>
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
