import { useNavigate } from 'react-router';
import { ArrowLeftRight, ChevronDown, LogOut, Store, UserCog } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api';
import { useChooseTenant } from '@/lib/auth';
import { storeUrl } from '@/lib/urls';
import { useLeaveGuard } from '@/lib/use-unsaved-changes';

interface AccountMenuProps {
  email: string;
  roleLabel: string;
  domain: string | null;
  /** On the platform host a person can drop the chosen store and pick another (or go to the owner admin). */
  canSwitchStore: boolean;
}

export function AccountMenu({ email, roleLabel, domain, canSwitchStore }: AccountMenuProps) {
  const navigate = useNavigate();
  const choose = useChooseTenant();
  const guard = useLeaveGuard();
  const initials = email.slice(0, 2).toUpperCase();

  // Unsaved changes are asked about before the session leaves this store: a form kept after that would save elsewhere.
  const switchStore = () =>
    guard.askFirst(() =>
      choose.mutate(null, {
        onSuccess: () => guard.withoutAsking(() => navigate('/admin')),
        onError: (error) => toast.error('Access Error', { description: errorMessage(error, 'Could not switch store.') }),
      }),
    );

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${email}`}>
          <span className="flex size-7 items-center justify-center rounded-full bg-zinc-900 text-[11px] font-semibold text-white" aria-hidden>
            {initials}
          </span>
          <span className="hidden max-w-48 truncate text-sm md:inline">{email}</span>
          <ChevronDown className="text-zinc-400" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-medium text-zinc-900">{email}</span>
          <span className="block text-xs text-zinc-500">{roleLabel}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {domain ? (
          <DropdownMenuItem onSelect={() => window.open(storeUrl(domain), '_blank', 'noopener')}>
            <Store aria-hidden /> View store
          </DropdownMenuItem>
        ) : null}
        {canSwitchStore ? (
          <DropdownMenuItem onSelect={switchStore}>
            <ArrowLeftRight aria-hidden /> Switch store
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => navigate('/admin/account')}>
          <UserCog aria-hidden /> Account settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/logout')}>
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
