import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCreateCategory } from '@/lib/admin-categories';
import { generateCategoryCopy } from './category-ai';
import { WizardSteps } from './WizardSteps';
import { WizardBasicsStep } from './WizardBasicsStep';
import { WizardContentStep } from './WizardContentStep';
import { WizardReviewStep } from './WizardReviewStep';
import {
  basicsErrors,
  EMPTY_BASICS,
  EMPTY_CONTENT,
  schemaErrors,
  WIZARD_STEPS,
  wizardBody,
  type AiState,
  type FieldErrors,
  type WizardBasics,
  type WizardContent,
  type WizardStep,
} from './wizard-state';

/**
 * Spec §2 'AI Category Wizard': basics, AI copy, review and create. Steps go 1 → 2 → 3 with Back from
 * 2 to 1 and 3 to 2 (spec §4). 'Accept All' copies the AI's text into the content and marks it
 * generated; 'Skip AI Content' and 'Continue Manually' go on without it. Closing starts it afresh.
 */
export function CategoryWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateCategory();
  const [step, setStep] = useState<WizardStep>(1);
  const [basics, setBasics] = useState<WizardBasics>(EMPTY_BASICS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ai, setAi] = useState<AiState>({ status: 'idle' });
  const [draft, setDraft] = useState<WizardContent>(EMPTY_CONTENT);
  const [content, setContent] = useState<WizardContent>(EMPTY_CONTENT);
  const [generated, setGenerated] = useState(false);
  // Answers to an earlier request (before Back, or before closing) are ignored.
  const request = useRef(0);

  const reset = () => {
    request.current += 1;
    setStep(1);
    setBasics(EMPTY_BASICS);
    setErrors({});
    setAi({ status: 'idle' });
    setDraft(EMPTY_CONTENT);
    setContent(EMPTY_CONTENT);
    setGenerated(false);
  };

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (create.isPending) return;
    reset();
    onOpenChange(false);
  };

  const generate = async () => {
    const found = basicsErrors(basics);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const id = ++request.current;
    setStep(2);
    setAi({ status: 'loading' });
    try {
      const copy = await generateCategoryCopy(basics.name.trim(), basics.seed_description.trim());
      if (id !== request.current) return;
      setDraft({ description: copy.description, meta_title: copy.meta_title, meta_description: copy.meta_description });
      setAi({ status: 'ready', copy });
    } catch {
      if (id !== request.current) return;
      setAi({ status: 'failed' });
      toast.error('AI Generation Failed', { description: 'You can add content manually in the next step.' });
    }
  };

  const backToBasics = () => {
    request.current += 1;
    setAi({ status: 'idle' });
    setStep(1);
  };

  const accept = () => {
    setContent(draft);
    setGenerated(true);
    setErrors({});
    setStep(3);
  };

  // A draft still on its way keeps coming: Back from step 3 shows it.
  const skip = () => {
    setErrors({});
    setStep(3);
  };

  const save = async () => {
    const body = wizardBody(basics, content);
    const found = schemaErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create.mutateAsync(body);
      toast.success('Category created successfully');
      close(false);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      const message = errorMessage(error, 'Failed to save category');
      toast.error('Failed to save category', message !== 'Failed to save category' ? { description: message } : undefined);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>AI Category Wizard</DialogTitle>
          <DialogDescription>Step {step} of 3: {WIZARD_STEPS[step - 1]}</DialogDescription>
        </DialogHeader>
        <WizardSteps step={step} />
        {step === 1 ? (
          <WizardBasicsStep basics={basics} errors={errors} onChange={setBasics} onGenerate={() => void generate()} />
        ) : step === 2 ? (
          <WizardContentStep ai={ai} draft={draft} onDraftChange={setDraft} onBack={backToBasics} onSkip={skip} onAccept={accept} />
        ) : (
          <WizardReviewStep
            basics={basics}
            content={content}
            generated={generated}
            errors={errors}
            saving={create.isPending}
            onContentChange={setContent}
            onEditBasics={() => setStep(1)}
            onBack={() => setStep(2)}
            onSave={() => void save()}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
