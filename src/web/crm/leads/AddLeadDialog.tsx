import { useState, type FormEvent } from 'react';
import { BUDGET_RANGES, LEAD_DEFAULTS, LEAD_PRIORITIES, LEAD_TEXT, PROJECT_TYPES, createLeadBody, type LeadPriority } from '@shared/crm/leads';
import type { CrmContext } from '@shared/crm/context';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useCreateLead } from '@/lib/crm-leads';
import { toast } from '@/lib/toast';
import { capitalise } from './lead-format';

// The new-lead form starts empty with priority medium (admin spec §3, §9); source manual is the server's default.
const EMPTY = { name: '', email: '', phone: '', company: '', project_type: '', budget_range: '', project_description: '', priority: LEAD_DEFAULTS.priority as LeadPriority };
type Fields = typeof EMPTY;

/** The project types a book offers: the spec's in the platform's (web-agency kit), the store's own in a store's (decision 044). */
export const projectTypeNames = (context: Pick<CrmContext, 'kit' | 'project_types'>): readonly string[] =>
  context.kit === 'store' ? context.project_types.map((t) => t.name) : PROJECT_TYPES;

/** 'Add New Lead' (admin spec §2, §5): name and email required; the server's field errors shown in place. */
export function AddLeadDialog({ context, open, onOpenChange }: { context: CrmContext; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add New Lead</DialogTitle>
          <DialogDescription>New leads start in the New Leads column.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from a blank form. */}
        {open ? <AddLeadForm context={context} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddLeadForm({ context, onDone }: { context: CrmContext; onDone: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const create = useCreateLead();
  const set = (key: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.name.trim() || !fields.email.trim()) {
      setErrors({ name: fields.name.trim() ? undefined : LEAD_TEXT.nameEmailRequired, email: fields.email.trim() ? undefined : LEAD_TEXT.nameEmailRequired });
      toast.error(LEAD_TEXT.nameEmailRequired);
      return;
    }
    if (context.scope === 'tenant' && !context.tenant) {
      toast.error(LEAD_TEXT.tenantRequired);
      return;
    }
    // A store's book names its store (spec §7 "Insert lead ... tenant_id"); the platform's book has none.
    const body = { ...fields, ...(context.scope === 'tenant' && context.tenant ? { tenant_id: context.tenant.id } : {}) };
    const checked = createLeadBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      toast.error(LEAD_TEXT.addFailed, { description: checked.error.issues[0]?.message });
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast.success(LEAD_TEXT.added);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields as Partial<Record<keyof Fields, string>>);
        const message = errorMessage(error, LEAD_TEXT.addFailed);
        toast.error(LEAD_TEXT.addFailed, message === LEAD_TEXT.addFailed ? undefined : { description: message });
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name *" error={errors.name}>
          <Input value={fields.name} onChange={set('name')} maxLength={200} autoComplete="off" autoFocus />
        </FormField>
        <FormField label="Email *" error={errors.email}>
          <Input type="email" value={fields.email} onChange={set('email')} maxLength={254} autoComplete="off" />
        </FormField>
        <FormField label="Phone" error={errors.phone}>
          <Input type="tel" value={fields.phone} onChange={set('phone')} maxLength={50} autoComplete="off" />
        </FormField>
        <FormField label="Company" error={errors.company}>
          <Input value={fields.company} onChange={set('company')} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField label="Project Type" error={errors.project_type}>
          <Select value={fields.project_type} onChange={set('project_type')}>
            <option value="">Select a project type</option>
            {projectTypeNames(context).map((type) => <option key={type} value={type}>{type}</option>)}
          </Select>
        </FormField>
        <FormField label="Budget Range" error={errors.budget_range}>
          <Select value={fields.budget_range} onChange={set('budget_range')}>
            <option value="">Select a budget range</option>
            {BUDGET_RANGES.map((range) => <option key={range} value={range}>{range}</option>)}
          </Select>
        </FormField>
      </div>
      <FormField label="Project Description" error={errors.project_description}>
        <Textarea rows={4} className="min-h-24" value={fields.project_description} onChange={set('project_description')} maxLength={5000} />
      </FormField>
      <FormField label="Priority" error={errors.priority}>
        <Select value={fields.priority} onChange={set('priority')}>
          {LEAD_PRIORITIES.map((p) => <option key={p} value={p}>{capitalise(p)}</option>)}
        </Select>
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Adding...' : 'Add Lead'}</Button>
      </DialogFooter>
    </form>
  );
}
