import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { visibleNav } from './nav';
import { useAdminAccess } from './access';

/** The admin navigation; the same list on the desktop rail and in the mobile sheet. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const access = useAdminAccess();
  return (
    <nav aria-label="Admin" className="flex flex-col gap-5 px-3 py-4">
      {visibleNav(access).map((group, index) => (
        <div key={group.label ?? `group-${index}`} className="flex flex-col gap-0.5">
          {group.label ? <p className="px-3 pb-1 text-xs font-medium tracking-wide text-zinc-400 uppercase">{group.label}</p> : null}
          {group.items.map(({ label, to, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/admin'}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900',
                  isActive && 'bg-accent-soft text-indigo-700 hover:bg-accent-soft hover:text-indigo-700',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
