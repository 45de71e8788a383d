import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PLATFORM_NAME } from '@shared/platform';
import { BrandMark } from '@/marketing/BrandMark';
import { AccountMenu } from '../AccountMenu';
import { AccountSettingsPage } from './AccountSettingsPage';

/** Account settings for someone with no store shell around them (a platform owner or sales, no store chosen). */
export function StandaloneAccountPage({ email, roleLabel }: { email: string; roleLabel: string }) {
  return (
    <div className="flex min-h-screen flex-col bg-zinc-50">
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 font-semibold">
            <BrandMark />
            <span>{PLATFORM_NAME}</span>
          </Link>
          <AccountMenu email={email} roleLabel={roleLabel} domain={null} canSwitchStore={false} />
        </div>
      </header>
      <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Link to="/admin" className="mb-6 inline-flex items-center gap-1.5 text-sm text-zinc-600 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden /> Back to admin
        </Link>
        <AccountSettingsPage />
      </main>
    </div>
  );
}
