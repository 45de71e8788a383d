import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { EMAIL_SETTINGS_TEXT } from '@shared/email-settings';

/** Spec §9: the copied tick clears after 2 seconds. */
export const COPY_INDICATOR_MS = 2000;

/**
 * Copies text to the clipboard with the spec's toasts, and says which item was copied last until
 * the indicator clears.
 */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (id: string, text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast.success(EMAIL_SETTINGS_TEXT.copied);
      setCopied(id);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), COPY_INDICATOR_MS);
    } catch {
      toast.error(EMAIL_SETTINGS_TEXT.copyFailed);
    }
  };
  return { copied, copy };
}
