import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { aiFailureMessage, useCreateWizardProduct, useGenerateProductCopy, useWizardCategories } from '@/lib/ai';
import { useAdminContext } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { AI_TEXT, type ProductContentResponse } from '@shared/ai';
import { emptyEssentials, essentialsProblem, freshSeed, publishPayload, reviewFrom, toDraft, WIZARD_TEXT, type Essentials, type Review } from './product-wizard-state';
import { WizardEssentialsStep } from './WizardEssentialsStep';
import { WizardCopyStep } from './WizardCopyStep';
import { WizardReviewStep } from './WizardReviewStep';

export interface PublishedProduct {
  id: string;
  slug?: string;
  name?: string;
}

interface ProductWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a product is created: the list goes to page 1 or refreshes (admin spec §2). */
  onPublished?: (product: PublishedProduct | null) => void;
}

const STEPS = ['Product Essentials', 'AI Copy', 'Review & publish'] as const;

/**
 * The AI Product Wizard (admin spec §2, §4, §5, §8): essentials, generated copy, review and publish.
 * Nothing is saved until 'Publish product'. Closing the dialog starts it afresh next time.
 */
export function ProductWizard({ open, onOpenChange, onPublished }: ProductWizardProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl p-0 sm:p-0">
        {open ? <WizardBody onClose={() => onOpenChange(false)} onPublished={onPublished} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WizardBody({ onClose, onPublished }: { onClose: () => void; onPublished?: ProductWizardProps['onPublished'] }) {
  const tenant = useAdminContext(true).data?.tenant ?? null;
  const categories = useWizardCategories(true);
  const generate = useGenerateProductCopy();
  const create = useCreateWizardProduct();

  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [essentials, setEssentials] = useState<Essentials>(emptyEssentials);
  const [problem, setProblem] = useState<string | null>(null);
  const [copy, setCopy] = useState<ProductContentResponse | null>(null);
  const [description, setDescription] = useState('');
  const [aiError, setAiError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [review, setReview] = useState<Review | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);

  const categoryName = categories.data?.find((c) => c.id === essentials.categoryId)?.name.replace(/^(— )+/, '') ?? null;

  const run = (seed?: string) => {
    if (!tenant) return;
    setAiError(null);
    setCopy(null);
    setAttempts((n) => n + 1);
    generate.mutate(
      { draft: toDraft(essentials, categoryName), tenant: { id: tenant.id, slug: tenant.slug }, seed },
      {
        onSuccess: (answer) => {
          setCopy(answer);
          setDescription(answer.sections.description_md);
        },
        onError: (error) => {
          // Spec §8: the message shows in a toast and inline, and generated content is cleared.
          const message = aiFailureMessage(error);
          setCopy(null);
          setDescription('');
          setAiError(message);
          toast.error(AI_TEXT.failedTitle, { description: message });
        },
      },
    );
  };

  const startGenerating = () => {
    const found = essentialsProblem(essentials, tenant !== null);
    setProblem(found);
    if (found) return;
    setStep(2);
    setAttempts(0);
    run();
  };

  const toReview = (accepted: boolean) => {
    setReview(reviewFrom(essentials, accepted && copy ? { ...copy.sections, description_md: description } : null));
    setPublishError(null);
    setStep(3);
  };

  const publish = (final: Review) => {
    setPublishError(null);
    create.mutate(publishPayload(final, essentials), {
      onSuccess: (answer) => {
        toast.success(WIZARD_TEXT.published, { description: final.name });
        onPublished?.(answer?.product ?? null);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, WIZARD_TEXT.publishFailed);
        setPublishError(message);
        toast.error(WIZARD_TEXT.publishFailed, message !== WIZARD_TEXT.publishFailed ? { description: message } : undefined);
      },
    });
  };

  return (
    <div className="flex flex-col">
      <DialogHeader className="border-b border-zinc-200 px-5 py-4 sm:px-6">
        <DialogTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-indigo-600" aria-hidden /> AI Product Wizard
        </DialogTitle>
        <DialogDescription>
          Step {step} of 3: {STEPS[step - 1]}
        </DialogDescription>
        <ol className="mt-2 grid grid-cols-3 gap-2" aria-label="Wizard steps">
          {STEPS.map((name, i) => (
            <li key={name} aria-current={step === i + 1 ? 'step' : undefined} className="flex flex-col gap-1">
              <span className={cn('h-1 rounded-full', i + 1 <= step ? 'bg-indigo-600' : 'bg-zinc-200')} />
              <span className={cn('hidden text-xs sm:block', i + 1 === step ? 'font-medium text-zinc-900' : 'text-zinc-500')}>{name}</span>
            </li>
          ))}
        </ol>
      </DialogHeader>
      <div className="px-5 py-5 sm:px-6">
        {step === 1 ? (
          <WizardEssentialsStep
            value={essentials}
            onChange={(next) => {
              setEssentials(next);
              if (problem) setProblem(null);
            }}
            categories={categories.data ?? []}
            categoriesLoading={categories.isPending}
            problem={problem}
            onCancel={onClose}
            onGenerate={startGenerating}
          />
        ) : step === 2 ? (
          <WizardCopyStep
            loading={generate.isPending}
            answer={copy}
            error={aiError}
            attempts={attempts}
            description={description}
            onDescriptionChange={setDescription}
            onBack={() => setStep(1)}
            onRegenerate={() => run(freshSeed())}
            onManual={() => toReview(false)}
            onAccept={() => toReview(true)}
          />
        ) : review ? (
          <WizardReviewStep value={review} essentials={essentials} onChange={setReview} publishing={create.isPending} error={publishError} onBack={() => setStep(2)} onPublish={publish} />
        ) : null}
      </div>
    </div>
  );
}
