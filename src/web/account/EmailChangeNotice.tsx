import { useSearchParams } from 'react-router';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ACCOUNT_TEXT } from '@shared/account-settings';

const NOTICES = {
  done: { variant: 'info', text: ACCOUNT_TEXT.emailChanged },
  invalid: { variant: 'warning', text: ACCOUNT_TEXT.emailChangeInvalid },
  taken: { variant: 'warning', text: ACCOUNT_TEXT.emailChangeTaken },
} as const;

/** How the confirmation link went (?email_change= after the link redirects here). */
export function EmailChangeNotice() {
  const [params] = useSearchParams();
  const outcome = params.get('email_change') as keyof typeof NOTICES | null;
  const notice = outcome ? NOTICES[outcome] : undefined;
  if (!notice) return null;
  const Icon = outcome === 'done' ? CheckCircle2 : TriangleAlert;
  return (
    <Alert variant={notice.variant}>
      <Icon aria-hidden />
      <p>{notice.text}</p>
    </Alert>
  );
}
