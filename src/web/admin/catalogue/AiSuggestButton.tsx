import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { aiFailureMessage, useSuggestField, type SuggestRequest } from '@/lib/ai';
import { toast } from '@/lib/toast';

const GOAL_LABELS: Record<SuggestRequest['goal'], string> = {
  product_title: 'product name',
  product_description: 'description',
  product_features: 'highlights',
  seo_title: 'meta title',
  seo_description: 'meta description',
};

interface Props extends SuggestRequest {
  /** Receives the suggestion (features: one per line), already cleaned of HTML. */
  onSuggestion: (text: string) => void;
}

/**
 * The product form's AI helper for one field (admin spec §2 "Product form"): asks POST /api/ai/suggest
 * with the form's other fields as context. Toasts 'AI Suggestion Generated' or 'Generation Failed'.
 */
export function AiSuggestButton({ onSuggestion, ...request }: Props) {
  const suggest = useSuggestField();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={suggest.isPending}
      aria-label={`Suggest ${GOAL_LABELS[request.goal]} with AI`}
      onClick={() =>
        suggest.mutate(request, {
          onSuccess: (text) => {
            onSuggestion(text);
            toast.success('AI Suggestion Generated');
          },
          onError: (error) => toast.error('Generation Failed', { description: aiFailureMessage(error) }),
        })
      }
    >
      {suggest.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles className="text-indigo-600" aria-hidden />}
      <span className="hidden sm:inline">{suggest.isPending ? 'Writing…' : 'Suggest'}</span>
    </Button>
  );
}
