import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/session';
import { CalendarFeedSection } from './calendar-feed-section';
import { ConnectedExtensionsSection } from './connected-extensions-section';
import { DailyLoopSection } from './daily-loop-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { PasswordSection } from './password-section';
import { ReminderEmailsSection } from './reminder-emails-section';

export function SettingsPage() {
  const user = useCurrentUser();
  return (
    <div className="page page--narrow">
      <PageHeader title="Settings" />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <DailyLoopSection user={user} />
      <ReminderEmailsSection user={user} />
      <CalendarFeedSection />
      <ExportSection />
      <ConnectedExtensionsSection />
    </div>
  );
}
