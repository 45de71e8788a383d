import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api';
import { useCreatePage, usePages } from '@/lib/admin-pages';
import { PAGE_LIMITS, PAGE_MESSAGES, PAGE_SLUG_PATTERN, normalisePageSlug } from '@shared/page-templates';
import { PAGE_STARTERS, starterSlug, type PageStarterKey } from '@shared/page-starters';
import { PAGES_TEXT } from '@shared/pages';
import { preloadRichTextEditor } from '../rich-text/RichTextEditor';
import { StarterPicker } from './StarterPicker';

/**
 * 'New page' (spec §2, issue 27 item 7): a title first, the address derived from it (editable), and
 * what the page starts from. The server derives the address the same way (pageSlugFor).
 */
export function NewPageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>New page</DialogTitle>
          <DialogDescription>Give the page a title and choose what it starts from. You can change all of it next.</DialogDescription>
        </DialogHeader>
        {open ? <NewPageForm onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function slugProblem(slug: string, title: string, taken: boolean): string | null {
  if (!slug) return title.trim() ? PAGE_MESSAGES.slugFromTitle : PAGE_MESSAGES.slugRequired;
  if (slug.length > PAGE_LIMITS.slug) return PAGE_MESSAGES.slugTooLong;
  if (!PAGE_SLUG_PATTERN.test(slug)) return PAGE_MESSAGES.slugPattern;
  if (taken) return PAGE_MESSAGES.slugTaken;
  return null;
}

function NewPageForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePage();
  const pages = usePages();
  const [title, setTitle] = useState('');
  const [starter, setStarter] = useState<PageStarterKey>('blank');
  // The address follows the title until it is typed by hand (emptying it hands it back to the title).
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const slug = typedSlug === null ? starterSlug(starter, title) : normalisePageSlug(typedSlug);
  const taken = pages.data?.some((p) => p.slug === slug) ?? false;
  useEffect(() => preloadRichTextEditor(), []);

  const pick = (key: PageStarterKey) => {
    // A title still as the last starter suggested it (or empty) follows the new starter.
    if (!title.trim() || title === PAGE_STARTERS[starter].title) setTitle(PAGE_STARTERS[key].title);
    setStarter(key);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = PAGE_MESSAGES.titleRequired;
    else if (title.trim().length > PAGE_LIMITS.heroTitle) problems.title = PAGE_MESSAGES.titleTooLong;
    const slugError = slugProblem(slug, title, taken);
    if (slugError && !problems.title) problems.slug = slugError;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const page = await create.mutateAsync({ title: title.trim(), slug, template_key: PAGE_STARTERS[starter].templateKey, starter });
      toast.success(PAGES_TEXT.created);
      navigate(`/admin/content/pages/${page.id}`);
    } catch (error) {
      const message = errorMessage(error, PAGES_TEXT.createFailed);
      toast.error(PAGES_TEXT.createFailed, message !== PAGES_TEXT.createFailed ? { description: message } : undefined);
      if (error instanceof ApiError) setErrors(error.fields);
    }
  };

  const origin = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <form className="grid min-w-0 gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <FormField label="Title *" error={errors.title} hint="The heading at the top of the page, such as About us.">
        <Input value={title} onChange={(e) => {
            setTitle(e.target.value);
            setErrors({});
          }} placeholder="About us" autoComplete="off" maxLength={PAGE_LIMITS.heroTitle + 20} autoFocus />
      </FormField>
      <FormField label="Address" error={errors.slug ?? (taken ? PAGE_MESSAGES.slugTaken : undefined)} hint="Made from the title. Lower-case letters, digits and hyphens.">
        <Input
          value={typedSlug ?? slug}
          onChange={(e) => {
            setTypedSlug(e.target.value.trim() === '' ? null : e.target.value);
            setErrors({});
          }}
          placeholder="about-us"
          autoComplete="off"
          spellCheck={false}
          maxLength={PAGE_LIMITS.slug + 20}
          className="font-mono"
        />
      </FormField>
      <p className="-mt-2 truncate text-sm text-zinc-600" data-testid="new-page-address">
        The page’s address: <span className="font-mono text-zinc-900">{origin}/pages/{slug || '…'}</span>
      </p>
      <StarterPicker value={starter} onChange={pick} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create page'}</Button>
      </DialogFooter>
    </form>
  );
}
