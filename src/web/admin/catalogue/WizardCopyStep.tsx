import type { ReactNode } from 'react';
import { AlertCircle, ArrowLeft, Info, Loader2, PenLine, RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { AI_TEXT, META_DESCRIPTION_MAX, META_TITLE_MAX, type ProductContentResponse } from '@shared/ai';
import { WIZARD_TEXT } from './product-wizard-state';

interface Props {
  loading: boolean;
  answer: ProductContentResponse | null;
  error: string | null;
  attempts: number;
  description: string;
  onDescriptionChange: (text: string) => void;
  onBack: () => void;
  onRegenerate: () => void;
  onManual: () => void;
  onAccept: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

/** Step 2, the generated copy (admin spec §2, §4, §8). */
export function WizardCopyStep({ loading, answer, error, attempts, description, onDescriptionChange, onBack, onRegenerate, onManual, onAccept }: Props) {
  const s = answer?.sections;
  return (
    <div className="grid gap-5">
      {loading ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center" role="status" aria-live="polite">
          <Loader2 className="size-7 animate-spin text-indigo-600" aria-hidden />
          <p className="text-sm font-medium text-zinc-700">{WIZARD_TEXT.loading}</p>
        </div>
      ) : s ? (
        <div className="grid gap-5">
          <div>
            <h3 className="text-lg font-semibold">{s.title}</h3>
            {s.subtitle ? <p className="text-sm text-zinc-500">{s.subtitle}</p> : null}
          </div>
          <FormField label="Description">
            <Textarea value={description} onChange={(e) => onDescriptionChange(e.target.value)} className="min-h-40" />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <Section title="Key benefits">
              {s.bullets.length ? (
                <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700">{s.bullets.map((b, i) => <li key={i}>{b}</li>)}</ul>
              ) : (
                <p className="text-sm text-zinc-500">None suggested.</p>
              )}
            </Section>
            <Section title="Suggested specs">
              {s.specs.length ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {s.specs.map((spec, i) => (
                    <div key={i} className="contents">
                      <dt className="text-zinc-500">{spec.name}</dt>
                      <dd className="text-zinc-800">{spec.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-sm text-zinc-500">None suggested.</p>
              )}
            </Section>
          </div>
          <div className="grid gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4">
            <Section title={`SEO title (${s.seo.title.length}/${META_TITLE_MAX})`}>
              <p className="text-sm font-medium text-indigo-800">{s.seo.title}</p>
            </Section>
            <Section title={`SEO description (${s.seo.description.length}/${META_DESCRIPTION_MAX})`}>
              <p className="text-sm text-zinc-700">{s.seo.description}</p>
            </Section>
            <Section title="Suggested keywords">
              <div className="flex flex-wrap gap-1.5">{s.seo.keywords.map((k) => <Badge key={k} variant="secondary">{k}</Badge>)}</div>
            </Section>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
            <span>Attempt {attempts}</span>
            <span>Model: {answer.model}</span>
          </p>
          {answer.fellBack ? (
            <Alert variant="warning">
              <Info aria-hidden />
              <span>The AI service did not answer, so the built-in writer drafted this copy.</span>
            </Alert>
          ) : null}
        </div>
      ) : error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <span>
            <strong className="block font-medium">{AI_TEXT.failedTitle}</strong>
            {error}
          </span>
        </Alert>
      ) : null}
      {!loading && !s ? <p className="text-sm text-zinc-600">{WIZARD_TEXT.noContent}</p> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="ghost" onClick={onBack} disabled={loading} className="sm:mr-auto">
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button variant="outline" onClick={onRegenerate} disabled={loading}>
          <RefreshCw aria-hidden /> Regenerate
        </Button>
        <Button variant="outline" onClick={onManual} disabled={loading}>
          <PenLine aria-hidden /> I&apos;ll write it manually
        </Button>
        <Button onClick={onAccept} disabled={loading || !s}>Accept and continue</Button>
      </div>
    </div>
  );
}
