import { ChangeEmailForm } from '@/account/ChangeEmailForm';
import { ChangePasswordForm } from '@/account/ChangePasswordForm';
import { DevicesList } from '@/account/DevicesList';
import { EmailChangeNotice } from '@/account/EmailChangeNotice';
import { TwoStepSection } from '@/account/TwoStepSection';
import { YourDataSection } from '@/account/YourDataSection';
import { useCurrentTenant } from '@/lib/tenant';

/** /admin/account (issue 26): the signed-in person's own email, password, two-step sign-in and devices. */
export function AccountSettingsPage() {
  // The account itself is erased only on the platform's own site; a shop's site erases that shop's data.
  const onPlatformHost = useCurrentTenant().data?.tenant === null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account settings</h1>
        <p className="mt-1 text-sm text-zinc-500">Your own sign-in: the same account in every store you work in.</p>
      </div>
      <EmailChangeNotice />
      <ChangeEmailForm returnTo="admin" />
      <ChangePasswordForm />
      <TwoStepSection />
      <DevicesList />
      {onPlatformHost ? <YourDataSection storeName={null} /> : null}
    </div>
  );
}
