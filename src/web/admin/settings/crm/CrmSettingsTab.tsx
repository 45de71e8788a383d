import { useEffect, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { PIPELINE_COLUMNS } from '@shared/crm/leads';
import { CRM_SETTINGS_TEXT, type CrmSettings } from '@shared/crm/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useCrmSettings, useSaveCrmSettings } from '@/lib/crm-settings';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { checkCrmSettings, draftOf, newTypeDraft, type CrmSettingsDraft, type TypeDraft } from './crm-settings-form';

/**
 * Settings > CRM (issue 27 item 2, decision 044): whether the store uses the CRM, the status a lead
 * moves to when a deposit is paid, and the store's project types with the quote each starts from.
 * Here, not in the CRM, so a store that switched it off can switch it back on.
 */
export function CrmSettingsTab() {
  const settings = useCrmSettings();
  useEffect(() => {
    if (settings.isError) toast.error(CRM_SETTINGS_TEXT.loadFailed, { id: 'crm-settings-load' });
  }, [settings.isError]);

  if (settings.isError)
    return (
      <Alert variant="destructive" className="max-w-3xl items-center">
        <span className="flex-1">
          <span className="block font-medium">{CRM_SETTINGS_TEXT.loadFailed}</span>
          <span className="block">{errorMessage(settings.error, 'Please try again.')}</span>
        </span>
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>Try again</Button>
      </Alert>
    );
  if (settings.isPending)
    return (
      <div className="grid max-w-3xl gap-6" aria-busy="true" aria-label="Loading the CRM settings">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full sm:w-2/3" />
          </div>
        ))}
      </div>
    );
  return <CrmSettingsForm settings={settings.data} />;
}

const KITS: { value: CrmSettingsDraft['kit']; title: string; hint: string }[] = [
  { value: 'store', title: 'Your own quotes', hint: 'A price for one of your project types, what it includes, and a deposit your customer pays online.' },
  { value: 'agency', title: 'Web-agency kit', hint: 'A custom build compared with a Shopify stack, hosting care plans and the Bark lead import.' },
];

function CrmSettingsForm({ settings }: { settings: CrmSettings }) {
  const save = useSaveCrmSettings();
  const [saved, setSaved] = useState(() => draftOf(settings));
  const [draft, setDraft] = useState<CrmSettingsDraft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useUnsavedChanges(dirty, 'your CRM settings');

  const setType = (index: number, patch: Partial<TypeDraft>) =>
    setDraft((d) => ({ ...d, project_types: d.project_types.map((t, i) => (i === index ? { ...t, ...patch } : t)) }));
  const removeType = (index: number) => {
    setDraft((d) => ({ ...d, project_types: d.project_types.filter((_, i) => i !== index) }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCrmSettings(draft);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(CRM_SETTINGS_TEXT.saveFailed, { description: Object.values(checked.fields)[0] });
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (next) => {
        const fresh = draftOf(next);
        setSaved(fresh);
        setDraft(fresh);
        toast.success(CRM_SETTINGS_TEXT.saved);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.split('.').slice(0, 3).join('.'), v])));
        toast.error(CRM_SETTINGS_TEXT.saveFailed, { description: errorMessage(error, 'Please try again.') });
      },
    });
  };

  const listError = errors.project_types;
  return (
    <form onSubmit={submit} noValidate aria-label="CRM settings" className="grid max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Use the CRM</CardTitle>
          <CardDescription>Leads, quotes with a link your customers pay a deposit from, and your sales pipeline.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <label className="flex items-start gap-3">
            <Switch checked={draft.enabled} onCheckedChange={(enabled) => setDraft((d) => ({ ...d, enabled }))} aria-describedby="crm-enabled-hint" className="mt-0.5" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium text-zinc-900">{draft.enabled ? 'The CRM is on' : 'The CRM is off'}</span>
              <span id="crm-enabled-hint" className="text-sm text-zinc-500">
                {draft.enabled
                  ? 'Your team with the CRM permission sees it in the menu.'
                  : 'It leaves your admin’s menu and your quote links stop opening. Nothing is deleted: switch it back on to carry on.'}
              </span>
            </span>
          </label>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Quotes</CardTitle>
          <CardDescription>What the quote builder and your customers’ quote pages offer.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-2">
            <legend className="sr-only">Quote style</legend>
            {KITS.map((k) => (
              <label key={k.value} className="flex items-start gap-2 rounded-md border border-zinc-200 p-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50/50">
                <input type="radio" name="crm-kit" className="mt-0.5 accent-indigo-600" checked={draft.kit === k.value} onChange={() => setDraft((d) => ({ ...d, kit: k.value }))} />
                <span>
                  <span className="block font-medium text-zinc-900">{k.title}</span>
                  <span className="block text-xs text-zinc-500">{k.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>When a deposit is paid</CardTitle>
          <CardDescription>The amount is recorded on the lead, and you and your customer are emailed.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="max-w-xs">
            <FormField label="Move the lead to" error={errors.deposit_lead_status}>
              <Select value={draft.deposit_lead_status} onChange={(e) => setDraft((d) => ({ ...d, deposit_lead_status: e.target.value as CrmSettingsDraft['deposit_lead_status'] }))}>
                {PIPELINE_COLUMNS.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
              </Select>
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Project types</CardTitle>
          <CardDescription>What you sell or do. Offered on each lead; a new quote starts from the type’s title, introduction, price and what is included.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {listError ? <Alert variant="destructive">{listError}</Alert> : null}
          <ol className="grid gap-4" aria-label="Project types">
            {draft.project_types.map((type, i) => (
              <li key={type.id} aria-label={type.name || `Project type ${i + 1}`} className="grid gap-3 rounded-lg border border-zinc-200 p-4">
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
                  <FormField label="Name" error={errors[`project_types.${i}.name`]}>
                    <Input value={type.name} onChange={(e) => setType(i, { name: e.target.value })} maxLength={100} placeholder="e.g. Wedding cake" />
                  </FormField>
                  <FormField label="Starting price (£)" error={errors[`project_types.${i}.base_price`]}>
                    <Input inputMode="decimal" value={type.base_price} onChange={(e) => setType(i, { base_price: e.target.value })} maxLength={20} />
                  </FormField>
                </div>
                <FormField label="Quote title" error={errors[`project_types.${i}.quote_title`]}>
                  <Input value={type.quote_title} onChange={(e) => setType(i, { quote_title: e.target.value })} maxLength={160} placeholder="e.g. Your wedding cake" />
                </FormField>
                <FormField label="Introduction" error={errors[`project_types.${i}.quote_intro`]}>
                  <Textarea rows={2} className="min-h-0" value={type.quote_intro} onChange={(e) => setType(i, { quote_intro: e.target.value })} maxLength={400} />
                </FormField>
                <FormField label="What is included" hint="One item per line." error={errors[`project_types.${i}.included`]}>
                  <Textarea rows={3} className="min-h-0" value={type.included} onChange={(e) => setType(i, { included: e.target.value })} maxLength={4200} />
                </FormField>
                <div className="flex justify-end">
                  <Button type="button" variant="outline" size="sm" onClick={() => removeType(i)} disabled={draft.project_types.length <= 1} aria-label={`Remove ${type.name || `project type ${i + 1}`}`}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <div>
            <Button type="button" variant="outline" onClick={() => setDraft((d) => ({ ...d, project_types: [...d.project_types, newTypeDraft()] }))} disabled={draft.project_types.length >= 30}>
              <Plus aria-hidden /> Add project type
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-5 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={!dirty || save.isPending} onClick={() => { setDraft(saved); setErrors({}); }}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!dirty || save.isPending}>{save.isPending ? 'Saving…' : 'Save CRM settings'}</Button>
      </div>
    </form>
  );
}
