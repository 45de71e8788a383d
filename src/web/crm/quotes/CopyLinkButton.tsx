import { useEffect, useRef, useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { QUOTE_TEXT } from '@shared/crm/quotes';
import { Button, type ButtonProps } from '@/components/ui/button';
import { copyText, quoteLink } from '@/lib/crm-quotes';
import { toast } from '@/lib/toast';

/** Copies a quote's absolute public link; a check replaces the link icon for 2 seconds after. */
export function CopyLinkButton({ uniqueUrl, showLabel, ...props }: { uniqueUrl: string; showLabel?: boolean } & Omit<ButtonProps, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const link = quoteLink(uniqueUrl);
    try {
      await copyText(link);
    } catch {
      toast.error('Could not copy the link', { description: link });
      return;
    }
    toast.success(QUOTE_TEXT.linkCopied);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  const Icon = copied ? Check : Link2;
  return (
    <Button variant="outline" size={showLabel ? 'sm' : 'icon'} aria-label="Copy link" title="Copy link" data-copied={copied || undefined} onClick={() => void copy()} {...props}>
      <Icon aria-hidden className={copied ? 'text-emerald-600' : undefined} />
      {showLabel ? 'Copy link' : null}
    </Button>
  );
}
