import { PageHeader } from '@/components/ui/page-header';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { AccountBillingSections } from '@/features/billing/components/account-billing-sections';
import { useCurrentUser } from '@/lib/session';

/** The Account screen: billing's plan and billing sections, then deleting the account. */
export function AccountScreen() {
  const user = useCurrentUser();
  return (
    <div className="page page--narrow">
      <PageHeader title="Account" />
      <AccountBillingSections user={user} />
      <DeleteAccountSection user={user} />
    </div>
  );
}
