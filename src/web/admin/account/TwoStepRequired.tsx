import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TwoStepSection } from '@/account/TwoStepSection';
import { TWO_STEP_TEXT } from '@shared/two-step';

/**
 * A store that requires two-step sign-in sends its members without it here before any admin page
 * (issue 26). Once it is on, the admin context is read again and the shell opens.
 */
export function TwoStepRequired({ storeName, email }: { storeName: string; email: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-zinc-50 px-4 py-10">
      <div className="grid w-full max-w-2xl gap-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800" aria-hidden>
            <ShieldAlert className="size-5" />
          </span>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Set up two-step sign-in</h1>
            <p className="mt-1 text-sm text-zinc-600">Signed in as {email}</p>
          </div>
        </div>
        <Alert variant="warning">
          <p>{TWO_STEP_TEXT.storeRequires(storeName)}</p>
        </Alert>
        <TwoStepSection />
        <Link to="/logout" className="justify-self-start text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline">Sign out</Link>
      </div>
    </div>
  );
}
