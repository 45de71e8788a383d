import { Link } from 'react-router';
import { PLATFORM_NAME } from '@shared/platform';
import { BrandMark } from '@/marketing/BrandMark';
import { AccountMenu } from '../AccountMenu';
import { OwnerBanner } from '../OwnerBanner';
import { TenantsPanel } from './TenantsPanel';

/** The owner admin (storefront spec §2): a platform owner on the platform host with no store chosen. */
export default function OwnerAdmin({ email }: { email: string }) {
  return (
    <div className="flex min-h-screen flex-col bg-zinc-50">
      <OwnerBanner />
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 font-semibold">
            <BrandMark />
            <span>{PLATFORM_NAME}</span>
            <span className="hidden text-sm font-normal text-zinc-500 sm:inline">Platform admin</span>
          </Link>
          <AccountMenu email={email} roleLabel="Platform owner" domain={null} canSwitchStore={false} />
        </div>
      </header>
      <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
          <p className="text-sm text-zinc-600">Leads, quotes and client invitations for the platform's own sales.</p>
          <Link to="/admin/crm" className="text-sm font-medium text-indigo-700 hover:underline">
            Open the CRM
          </Link>
        </div>
        <TenantsPanel />
      </main>
    </div>
  );
}
