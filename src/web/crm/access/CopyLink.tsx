import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { ACCESS_TEXT } from '@shared/crm/access';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';

/**
 * The magic link just made, to hand over another way than email. Only known right after inviting or
 * resending: the server keeps the token's hash, never the link itself.
 */
export function CopyLink({ email, url }: { email: string; url: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(ACCESS_TEXT.linkCopied);
    } catch {
      toast.error(ACCESS_TEXT.copyFailed);
    }
  }

  return (
    <div className="grid gap-1.5 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3">
      <p className="text-sm font-medium text-zinc-900">Invite link for {email}</p>
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label={`Invite link for ${email}`} className="min-w-0 flex-1 bg-white font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-live="polite">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="text-xs text-zinc-500">It works once and expires in 7 days. It was also sent by email.</p>
    </div>
  );
}
