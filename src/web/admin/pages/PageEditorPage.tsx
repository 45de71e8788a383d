import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AlertTriangle, ArrowLeft, Eye, FileX } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { usePage, usePublishPage, useSavePageContent } from '@/lib/admin-pages';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { PAGE_MESSAGES, isSlotVisible, pageTemplate, validatePageContent, type PageContent, type PageTemplate } from '@shared/page-templates';
import { PAGES_TEXT, type AdminPage } from '@shared/pages';
import { PageStatusBadge } from './PageStatusBadge';
import { PagePreview } from './PagePreview';
import { SlotField } from './SlotField';
import { preloadRichTextEditor } from '../rich-text/RichTextEditor';

/** /admin/content/pages/{id}: the page's slots grouped by the template beside a live preview. */
export function PageEditorPage() {
  const { id = '' } = useParams();
  const page = usePage(id);
  const missing = page.error instanceof ApiError && page.error.status === 404;
  // The editor's code loads while the page does.
  useEffect(() => preloadRichTextEditor(), []);

  useEffect(() => {
    if (page.isError && !missing) toast.error(PAGES_TEXT.loadFailed, { id: 'page-load' });
  }, [page.isError, missing]);

  if (missing) {
    return (
      <EmptyState icon={FileX} title="Page not found" action={<Button asChild variant="outline"><Link to="/admin/content/pages">Back to pages</Link></Button>}>
        This page does not exist or belongs to another store.
      </EmptyState>
    );
  }
  if (page.isError) {
    return (
      <Alert variant="destructive" className="items-center">
        <span className="flex-1">
          <span className="block font-medium">{PAGES_TEXT.loadFailed}</span>
          <span className="block">{errorMessage(page.error, 'Please try again in a moment.')}</span>
        </span>
        <Button size="sm" variant="outline" onClick={() => void page.refetch()}>Try again</Button>
      </Alert>
    );
  }
  if (!page.data) {
    return (
      <div className="grid gap-6" aria-busy="true" aria-label="Loading page">
        <Skeleton className="h-10 w-72" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      </div>
    );
  }
  const template = pageTemplate(page.data.template_key);
  if (!template) return <Alert variant="destructive">This page uses a template this version does not know ({page.data.template_key}).</Alert>;
  // Keyed by id: opening another page starts from its own draft.
  return <PageEditor key={page.data.id} page={page.data} template={template} />;
}

function PageEditor({ page, template }: { page: AdminPage; template: PageTemplate }) {
  const save = useSavePageContent();
  const publish = usePublishPage();
  const [values, setValues] = useState<Record<string, string | boolean>>(() => ({ ...page.content_draft }));
  const [saved, setSaved] = useState<PageContent>(() => validatePageContent(template, page.content_draft).content);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const check = useMemo(() => validatePageContent(template, values), [template, values]);
  const invalid = Object.keys(check.errors).length > 0;
  const dirty = JSON.stringify(check.content) !== JSON.stringify(saved);
  useUnsavedChanges(dirty, 'this page');
  const busy = save.isPending || publish.isPending;
  // The preview shows what is typed (hidden slots left out), even while a field is still invalid.
  const previewContent = useMemo(() => Object.fromEntries(template.slots.filter((s) => isSlotVisible(s, values) && values[s.key] !== undefined).map((s) => [s.key, values[s.key]])), [template, values]);

  const set = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  };
  const errorOf = (key: string) => serverErrors[key] ?? (showAll || touched[key] ? check.errors[key] : undefined);

  const blocked = (action: 'saving' | 'publishing') => {
    if (!invalid) return false;
    setShowAll(true);
    const [title, description] = (action === 'saving' ? PAGE_MESSAGES.fixSave : PAGE_MESSAGES.fixPublish).split(': ');
    toast.error(title, { description });
    const first = template.slots.find((s) => check.errors[s.key]);
    const field = first ? document.getElementById(`field-${first.key}`) : null;
    (field?.querySelector<HTMLElement>('[contenteditable="true"]') ?? field?.querySelector<HTMLElement>('input, textarea, button'))?.focus();
    return true;
  };

  const storeDraft = async () => {
    const next = await save.mutateAsync({ id: page.id, content: check.content });
    setSaved(validatePageContent(template, next.content_draft).content);
    return next;
  };

  const failed = (title: string, error: unknown) => {
    const message = errorMessage(error, title);
    toast.error(title, message !== title ? { description: message } : undefined);
    if (error instanceof ApiError) setServerErrors(error.fields);
  };

  const onSave = async () => {
    if (blocked('saving')) return;
    try {
      await storeDraft();
      toast.success(PAGES_TEXT.saved);
    } catch (error) {
      failed(PAGES_TEXT.saveFailed, error);
    }
  };

  // Spec §4: publishing first saves the draft silently, then publishes.
  const onPublish = async () => {
    if (blocked('publishing')) return;
    try {
      await storeDraft();
      await publish.mutateAsync(page.id);
      toast.success(PAGES_TEXT.published);
    } catch (error) {
      failed(PAGES_TEXT.publishFailed, error);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <Link to="/admin/content/pages" className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-900">
            <ArrowLeft className="size-4" aria-hidden /> Pages
          </Link>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            <span className="truncate">Edit page</span>
            <PageStatusBadge page={page} />
          </h1>
          <p className="mt-1 text-sm text-zinc-500">
            <span className="font-mono">/pages/{page.slug}</span> · {template.name} (version {template.version})
            {dirty ? <span className="ml-2 font-medium text-amber-700">Unsaved changes</span> : null}
          </p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:flex">
          <Button asChild variant="ghost">
            <a href={`/pages/${page.slug}?preview=1`} target="_blank" rel="noopener">
              <Eye aria-hidden /> Preview
            </a>
          </Button>
          <Button variant="outline" onClick={() => void onSave()} disabled={busy}>{save.isPending && !publish.isPending ? 'Saving…' : 'Save draft'}</Button>
          <Button onClick={() => void onPublish()} disabled={busy}>{publish.isPending ? 'Publishing…' : 'Publish'}</Button>
        </div>
      </div>

      {/* Only once Save draft or Publish was tried: a page just made is not "invalid" yet, only unwritten. */}
      {invalid && showAll ? (
        <Alert variant="warning">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span>
            <span className="block font-medium">{PAGE_MESSAGES.validationTitle}</span>
            <span className="block">Fill in the fields marked below before you save or publish.</span>
          </span>
        </Alert>
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <form className="grid gap-6" onSubmit={(e) => e.preventDefault()} noValidate aria-label="Page content">
          {template.groups.map((group) => {
            const slots = template.slots.filter((s) => s.group === group.key && isSlotVisible(s, values));
            return (
              <Card key={group.key}>
                <CardHeader>
                  <CardTitle>{group.label}</CardTitle>
                  <CardDescription>{group.description}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  {slots.map((slot) => (
                    <div key={slot.key} id={`field-${slot.key}`}>
                      <SlotField
                        slot={slot}
                        value={values[slot.key]}
                        error={errorOf(slot.key)}
                        onChange={(value) => set(slot.key, value)}
                        onBlur={() => setTouched((t) => ({ ...t, [slot.key]: true }))}
                      />
                    </div>
                  ))}
                </CardContent>
              </Card>
            );
          })}
        </form>
        <div className="lg:sticky lg:top-6">
          <PagePreview content={previewContent} slug={page.slug} />
        </div>
      </div>
    </div>
  );
}
