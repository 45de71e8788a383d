import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** One section of the account settings page: an icon, a heading, a line of explanation, the form. */
export function SettingsSection({ icon: Icon, title, description, action, children }: { icon: LucideIcon; title: string; description: ReactNode; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-col items-stretch gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-zinc-700" aria-hidden>
            <Icon className="size-4" />
          </span>
          <div className="grid min-w-0 gap-1">
            <h2 id={id} className="text-base font-semibold leading-tight">{title}</h2>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
        {action ? <div className="pl-10 sm:pl-0">{action}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
