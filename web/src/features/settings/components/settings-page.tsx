import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { ConnectedExtensionsSection } from './connected-extensions-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { PasswordSection } from './password-section';
import { ReminderEmailsSection } from './reminder-emails-section';

export function SettingsPage() {
  const user = useCurrentUser();
  return (
    <div className="page page--narrow">
      <PageTitle>Settings</PageTitle>
      <div className="page__header">
        <h1 className="page__title">Settings</h1>
        <Link to={ROUTES.board} className="back-link">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Board
        </Link>
      </div>
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <ReminderEmailsSection user={user} />
      <ExportSection />
      <ConnectedExtensionsSection />
    </div>
  );
}
