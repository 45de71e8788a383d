import { Badge } from '@/components/ui/badge';
import type { EmailStatus } from '@shared/emails';

const LOOK: Record<EmailStatus, { variant: 'secondary' | 'success' | 'destructive'; label: string; title: string }> = {
  stored: { variant: 'secondary', label: 'In outbox', title: 'Kept by the built-in outbox: no mail server is configured (SMTP_URL).' },
  sent: { variant: 'success', label: 'Sent', title: 'Handed to the mail server.' },
  failed: { variant: 'destructive', label: 'Failed', title: 'The mail server refused it or could not be reached; it is not retried.' },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const look = LOOK[status];
  return (
    <Badge variant={look.variant} title={look.title}>
      {look.label}
    </Badge>
  );
}
