import { Check, CircleAlert, Copy } from 'lucide-react';
import type { DnsRecord } from '@shared/email-settings';
import { Button } from '@/components/ui/button';
import { useCopy } from './use-copy';

const PURPOSE: Record<DnsRecord['purpose'], string> = {
  SPF: 'Lets our mail servers send for your domain',
  DKIM: 'Your domain’s signing key',
  DMARC: 'Tells receivers what to do with unsigned mail',
};

/** The TXT records to publish while a domain is pending (spec §4), each name and value copyable. */
export function DnsRecords({ records, checked }: { records: DnsRecord[]; checked: boolean }) {
  const { copied, copy } = useCopy();
  return (
    <ul className="grid gap-3" aria-label="DNS records">
      {records.map((r) => (
        <li key={r.purpose} className="rounded-md border border-zinc-200 bg-zinc-50/60 p-3" aria-label={`${r.purpose} record`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium">
              {r.purpose} <span className="font-normal text-zinc-500">· {r.type} · {PURPOSE[r.purpose]}</span>
            </p>
            {checked ? (
              r.found ? (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700"><Check className="size-3.5" aria-hidden /> Found</span>
              ) : (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700"><CircleAlert className="size-3.5" aria-hidden /> Not found</span>
              )
            ) : null}
          </div>
          <CopyRow label="Name" value={r.name} copied={copied === `${r.purpose}-name`} onCopy={() => void copy(`${r.purpose}-name`, r.name)} />
          <CopyRow label="Value" value={r.value} copied={copied === `${r.purpose}-value`} onCopy={() => void copy(`${r.purpose}-value`, r.value)} />
        </li>
      ))}
    </ul>
  );
}

function CopyRow({ label, value, copied, onCopy }: { label: string; value: string; copied: boolean; onCopy: () => void }) {
  return (
    <div className="mt-2 flex items-start gap-2">
      <span className="w-12 shrink-0 pt-1.5 text-xs text-zinc-500">{label}</span>
      <code className="min-w-0 flex-1 rounded border border-zinc-200 bg-white px-2 py-1 font-mono text-xs break-all text-zinc-800">{value}</code>
      <Button variant="ghost" size="icon" className="size-8 shrink-0" onClick={onCopy} aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}>
        {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </div>
  );
}
