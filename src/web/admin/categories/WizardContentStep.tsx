import { ArrowLeft, Check, SkipForward } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { confidenceBadge } from './category-copy';
import { CopyFields } from './CopyFields';
import type { AiState, WizardContent } from './wizard-state';

interface Props {
  ai: AiState;
  draft: WizardContent;
  onDraftChange: (draft: WizardContent) => void;
  onBack: () => void;
  onSkip: () => void;
  onAccept: () => void;
}

/** Step 2 'AI Content Generation' (spec §2, §4): loading, the editable draft with its confidence, or the failure. */
export function WizardContentStep({ ai, draft, onDraftChange, onBack, onSkip, onAccept }: Props) {
  if (ai.status === 'failed') {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">Failed to generate content. You can add it manually in the next step.</Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onBack}><ArrowLeft aria-hidden /> Back</Button>
          <Button onClick={onSkip}>Continue Manually</Button>
        </div>
      </div>
    );
  }
  const badge = ai.status === 'ready' ? confidenceBadge(ai.copy.confidence) : null;
  return (
    <div className="grid gap-4">
      {ai.status === 'ready' ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-zinc-600">Review and edit the suggested copy.</p>
            {badge ? <Badge variant={badge.variant} data-testid="ai-confidence">{badge.label}</Badge> : null}
          </div>
          <CopyFields value={draft} onChange={onDraftChange} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 py-12 text-center" aria-busy="true">
          <Spinner label="Generating" />
          <p className="text-sm font-medium text-zinc-700">AI is writing your content...</p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}><ArrowLeft aria-hidden /> Back</Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onSkip}><SkipForward aria-hidden /> Skip AI Content</Button>
          <Button disabled={ai.status !== 'ready'} onClick={onAccept}><Check aria-hidden /> Accept All</Button>
        </div>
      </div>
    </div>
  );
}
