import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { useCreatePage } from '@/lib/admin-pages';
import { PAGE_LIMITS, PAGE_MESSAGES, PAGE_SLUG_PATTERN, PAGE_TEMPLATES, normalisePageSlug } from '@shared/page-templates';
import { PAGES_TEXT } from '@shared/pages';

/** Spec §2 'New page' dialog: a slug (trimmed and lower-cased before sending) and a template. */
export function NewPageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New page</DialogTitle>
          <DialogDescription>Choose the address and the template. You can write the content next.</DialogDescription>
        </DialogHeader>
        {open ? <NewPageForm onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function slugProblem(slug: string): string | null {
  if (!slug) return PAGE_MESSAGES.slugRequired;
  if (slug.length > PAGE_LIMITS.slug) return PAGE_MESSAGES.slugTooLong;
  if (!PAGE_SLUG_PATTERN.test(slug)) return PAGE_MESSAGES.slugPattern;
  return null;
}

function NewPageForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePage();
  const [slug, setSlug] = useState('');
  const [templateKey, setTemplateKey] = useState('about');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const normalised = normalisePageSlug(slug);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = slugProblem(normalised);
    if (problem) return setErrors({ slug: problem });
    setErrors({});
    try {
      const page = await create.mutateAsync({ slug: normalised, template_key: templateKey });
      toast.success(PAGES_TEXT.created);
      navigate(`/admin/content/pages/${page.id}`);
    } catch (error) {
      const message = errorMessage(error, PAGES_TEXT.createFailed);
      toast.error(PAGES_TEXT.createFailed, message !== PAGES_TEXT.createFailed ? { description: message } : undefined);
      if (error instanceof ApiError) setErrors(error.fields);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <FormField label="Slug *" error={errors.slug} hint={`Shown in the address: /pages/${normalised || 'about'}`}>
        <Input value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="about" autoComplete="off" spellCheck={false} maxLength={PAGE_LIMITS.slug + 20} autoFocus />
      </FormField>
      <FormField label="Template *" error={errors.template_key} hint={PAGE_TEMPLATES[templateKey] ? `Sections: ${PAGE_TEMPLATES[templateKey].groups.map((g) => g.label).join(', ')}` : undefined}>
        <Select value={templateKey} onChange={(e) => setTemplateKey(e.target.value)}>
          {Object.values(PAGE_TEMPLATES).map((t) => (
            <option key={t.key} value={t.key}>{t.name}</option>
          ))}
        </Select>
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create page'}</Button>
      </DialogFooter>
    </form>
  );
}
