import { CreditCard, Landmark, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { noCapabilitiesText, providerName, type Capability, type ConnectStatus } from '@shared/payment-connect';

/** Plain names for the capabilities Stripe reports most; others from their own name. */
const NAMES: Record<string, { label: string; Icon: typeof CreditCard }> = {
  card_payments: { label: 'Card payments', Icon: CreditCard },
  transfers: { label: 'Transfers to your account', Icon: Landmark },
};
export const capabilityLabel = (name: string) => NAMES[name]?.label ?? name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const STATUS: Record<string, { label: string; variant: 'success' | 'warning' | 'secondary' }> = {
  active: { label: 'Active', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  inactive: { label: 'Inactive', variant: 'secondary' },
};

/** The capabilities the provider reports for the account, or, naming the provider, that it reports none. */
export function CapabilityList({ capabilities, provider }: { capabilities: Capability[]; provider: ConnectStatus['provider'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Capabilities</CardTitle>
        <CardDescription>What the account may do, as {providerName(provider)} reports it.</CardDescription>
      </CardHeader>
      <CardContent>
        {capabilities.length === 0 ? (
          <div className="flex items-center gap-3 rounded-md border border-dashed border-zinc-200 px-4 py-6 text-sm text-zinc-500">
            <Sparkles className="size-4 shrink-0 text-zinc-400" aria-hidden />
            <span>{noCapabilitiesText(provider)}</span>
          </div>
        ) : (
          <ul className="divide-y divide-zinc-100" aria-label="Capabilities">
            {capabilities.map((c) => {
              const Icon = NAMES[c.capability]?.Icon ?? Sparkles;
              const status = STATUS[c.status] ?? { label: capabilityLabel(c.status), variant: 'secondary' as const };
              return (
                <li key={c.capability} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <Icon className="size-4 shrink-0 text-zinc-400" aria-hidden />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{capabilityLabel(c.capability)}</span>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
