import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { absoluteUrl } from './media-format';

/** Spec §9: the copied indicator clears after 2 seconds. */
export const COPIED_FOR_MS = 2000;

/** Copies a file's full URL; `copied` names the file copied last until the indicator clears. */
export function useCopyUrl() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (id: string, url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(absoluteUrl(url));
      setCopied(id);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    } catch {
      toast.error('Unable to copy', { description: 'Your browser did not allow copying. Select the address and copy it instead.' });
    }
  };
  return { copied, copy };
}
