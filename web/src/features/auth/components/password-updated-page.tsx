import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button';
import { ROUTES } from '../../../lib/routes';
import { PASSWORD_UPDATED_MESSAGE } from '../messages';
import { AuthCard } from './auth-card';

export function PasswordUpdatedPage() {
  return (
    <AuthCard
      icon={<CircleCheck size={36} aria-hidden="true" />}
      title="Password updated"
      subtitle={<p>{PASSWORD_UPDATED_MESSAGE}</p>}
    >
      <Link className={buttonClassName({ block: true, size: 'lg' })} to={ROUTES.logIn}>
        Log in
      </Link>
    </AuthCard>
  );
}
