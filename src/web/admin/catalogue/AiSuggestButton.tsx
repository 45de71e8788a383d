import { Loader2, Sparkles } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { aiFailureMessage, useSuggestField, type SuggestRequest } from '@/lib/ai';
import type { SuggestGoal } from '@shared/ai';

interface AiSuggestButtonProps {
  /** The form field it fills, e.g. 'description'. */
  field: string;
  goal: SuggestGoal;
  /** Names the button for screen readers: 'Suggest {label} with AI'. */
  label: string;
  productId: string | null;
  /** The other fields, read when clicked. */
  context: () => Record<string, unknown>;
  onSuggestion: (text: string) => void;
}

/** The small sparkle beside a field (spec §2): asks POST /api/ai/suggest and fills the field. */
export function AiSuggestButton({ field, goal, label, productId, context, onSuggestion }: AiSuggestButtonProps) {
  const suggest = useSuggestField();
  const run = () =>
    suggest.mutate(
      // Cleaned of HTML by the hook before it reaches the field.
      { productId, field, goal, context: context() as SuggestRequest['context'] },
      {
        onSuccess: (text) => {
          onSuggestion(text);
          toast.success('AI Suggestion Generated', { description: 'Review it before saving.' });
        },
        onError: (error) => toast.error('Generation Failed', { description: aiFailureMessage(error) }),
      },
    );
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className="h-7 gap-1 px-2 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-800"
      onClick={run}
      disabled={suggest.isPending}
      aria-label={`Suggest ${label} with AI`}
      title={`Suggest ${label} with AI`}
    >
      {suggest.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
      <span className="text-xs">AI</span>
    </Button>
  );
}
