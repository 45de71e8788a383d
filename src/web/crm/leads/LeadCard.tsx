import type { KeyboardEventHandler, PointerEventHandler } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import type { Lead } from '@shared/crm/leads';
import { cn } from '@/lib/utils';
import { formatLeadDate, formatQuote, priorityBorderClass } from './lead-format';

/** What a pipeline card shows: name, company, project type, budget and quote in GBP, a paid deposit, created date. */
export function LeadCardBody({ lead }: { lead: Lead }) {
  const quote = formatQuote(lead.quote_amount);
  return (
    <div className="grid min-w-0 gap-1 text-left">
      <p className="truncate font-medium text-zinc-900">{lead.name}</p>
      {lead.company ? <p className="truncate text-xs text-zinc-600">{lead.company}</p> : null}
      {lead.project_type ? <p className="truncate text-xs text-zinc-500">{lead.project_type}</p> : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
        {lead.budget_range ? <span className="text-zinc-600">{lead.budget_range}</span> : null}
        {quote ? <span className="font-semibold text-zinc-900">{quote}</span> : null}
        {/* A paid deposit (decision 044): the money already in. */}
        {lead.deposit_paid !== null ? <span className="font-medium text-emerald-700">Deposit {formatQuote(lead.deposit_paid)} paid</span> : null}
      </div>
      <p className="text-xs text-zinc-400">{formatLeadDate(lead.created_at)}</p>
    </div>
  );
}

/**
 * A draggable lead. The mouse drags the whole card (after 5 px, so a click still opens the details);
 * the keyboard drags from the grip button (Space, arrows, Space), so the card's own button stays a
 * plain "open details" control for keyboard users too.
 */
export function LeadCard({ lead, onOpen }: { lead: Lead; onOpen: (lead: Lead) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: lead.id, data: { lead } });
  // dnd-kit types its listeners loosely (Function); these two are React's pointer and key handlers.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler | undefined;
  const onKeyDown = listeners?.onKeyDown as KeyboardEventHandler | undefined;
  return (
    <li
      ref={setNodeRef}
      onPointerDown={onPointerDown}
      data-lead-id={lead.id}
      className={cn(
        'flex touch-none items-start gap-1 rounded-md border border-l-4 border-zinc-200 bg-white shadow-xs transition-opacity',
        priorityBorderClass(lead.priority),
        isDragging && 'opacity-40',
      )}
    >
      <button type="button" onClick={() => onOpen(lead)} className="min-w-0 flex-1 cursor-pointer rounded-md p-3 focus-visible:outline-2 focus-visible:outline-indigo-500">
        <LeadCardBody lead={lead} />
      </button>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        onKeyDown={onKeyDown}
        aria-label={`Move ${lead.name}`}
        className="mt-2 mr-1 cursor-grab rounded p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** The copy that follows the pointer while a card is dragged (drawn above the board's scroll box). */
export function LeadCardOverlay({ lead }: { lead: Lead }) {
  return (
    <div className={cn('w-64 cursor-grabbing rounded-md border border-l-4 border-zinc-200 bg-white p-3 shadow-lg', priorityBorderClass(lead.priority))}>
      <LeadCardBody lead={lead} />
    </div>
  );
}
