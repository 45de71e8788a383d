import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileDown, ShieldCheck, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { MY_DATA_URL, useEraseMyData } from '@/lib/privacy';
import { PLATFORM_NAME } from '@shared/platform';
import { SettingsSection } from './SettingsSection';
import { WithPassword } from './WithPassword';

/**
 * Your data (UK GDPR, issue 26): download it, or have it erased. On a shop's site it is that shop's data
 * (its orders keep their amounts, VAT and items for its accounts); on the platform's own site it is the
 * account itself, which signs in to every shop.
 */
export function YourDataSection({ storeName }: { storeName: string | null }) {
  const navigate = useNavigate();
  const erase = useEraseMyData();
  const [confirming, setConfirming] = useState(false);
  const inStore = storeName !== null;

  const confirm = async (current_password: string) => {
    const { message } = await erase.mutateAsync({ current_password });
    toast.success(message);
    navigate('/', { replace: true });
  };

  return (
    <SettingsSection
      icon={ShieldCheck}
      title="Your data"
      description={
        inStore
          ? `Download everything ${storeName} holds about you, or have it erased.`
          : `Download your ${PLATFORM_NAME} account’s data, or erase the account.`
      }
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={MY_DATA_URL} download>
              <FileDown aria-hidden /> Download my data
            </a>
          </Button>
          {confirming ? null : (
            <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden /> {inStore ? 'Erase my data' : 'Erase my account'}
            </Button>
          )}
        </div>
        <p className="text-sm text-zinc-600">The file is JSON, a format other services can read.</p>
        {confirming ? (
          <WithPassword label={inStore ? 'Erase my data permanently' : 'Erase my account permanently'} busy={erase.isPending} destructive onConfirm={confirm} onCancel={() => setConfirming(false)}>
            <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {inStore ? (
                <>
                  <p className="font-medium">This cannot be undone.</p>
                  <p>{storeName} erases your saved addresses, your name, email, phone and addresses on your orders, the emails it sent you and your name on your reviews. Your orders keep their amounts, VAT and items, which the shop must keep for its accounts.</p>
                  <p>You will be signed out everywhere. Your {PLATFORM_NAME} sign-in stays for other shops: erase it from your account on {PLATFORM_NAME}’s own site.</p>
                </>
              ) : (
                <>
                  <p className="font-medium">This cannot be undone.</p>
                  <p>Your sign-in, devices, two-step sign-in and saved addresses in every shop are deleted. Shops keep their own records of your orders: to have those erased, use Your data in your account on each shop’s site first.</p>
                </>
              )}
            </div>
          </WithPassword>
        ) : null}
      </div>
    </SettingsSection>
  );
}
