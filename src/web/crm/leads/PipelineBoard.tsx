import { useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { PIPELINE_COLUMNS, type Lead, type LeadStatus } from '@shared/crm/leads';
import { useMoveLead } from '@/lib/crm-leads';
import { cn } from '@/lib/utils';
import { LeadCard, LeadCardOverlay } from './LeadCard';
import { columnSummary, leadsByColumn } from './lead-format';

const COLUMN_IDS = PIPELINE_COLUMNS.map((column) => column.id);
const titleOf = (id: unknown) => PIPELINE_COLUMNS.find((column) => column.id === id)?.title ?? 'no column';
const leadOf = (data: { current?: Record<string, unknown> | undefined }) => data.current?.lead as Lead | undefined;

/**
 * Keyboard dragging jumps a whole column per arrow (left/right), instead of dnd-kit's default 25 px
 * nudges, so 'Space, ArrowRight, ArrowRight, Space' moves a card two columns on.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code.startsWith('Arrow')) event.preventDefault();
  if (!step || !context.active) return undefined;
  // The column the card is over now, from its own coordinates: `context.over` may not have caught up
  // with a quick second key press yet.
  const x = currentCoordinates.x + 1;
  const current = COLUMN_IDS.findIndex((id) => {
    const rect = context.droppableRects.get(id);
    return rect !== undefined && x >= rect.left && x <= rect.right;
  });
  const from = current >= 0 ? current : COLUMN_IDS.indexOf(leadOf(context.active.data)?.status as LeadStatus);
  const index = Math.min(Math.max(from + step, 0), COLUMN_IDS.length - 1);
  const rect = context.droppableRects.get(COLUMN_IDS[index]!);
  // Only x changes: with no vertical move, when the column lies past the middle of the board's scroll
  // box dnd-kit scrolls the box instead of moving the card, and the new column comes under it.
  return rect ? { x: rect.left + 8, y: currentCoordinates.y } : undefined;
};

// The pointer's column when there is a pointer; the card's overlap when moved by keyboard.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up lead ${leadOf(active.data)?.name ?? ''}, in ${titleOf(leadOf(active.data)?.status)}.`,
  onDragOver: ({ active, over }) =>
    over ? `Lead ${leadOf(active.data)?.name ?? ''} is over ${titleOf(over.id)}.` : `Lead ${leadOf(active.data)?.name ?? ''} is not over a column.`,
  onDragEnd: ({ active, over }) =>
    over ? `Lead ${leadOf(active.data)?.name ?? ''} was dropped in ${titleOf(over.id)}.` : `Lead ${leadOf(active.data)?.name ?? ''} was dropped outside the columns; nothing changed.`,
  onDragCancel: ({ active }) => `Moving lead ${leadOf(active.data)?.name ?? ''} was cancelled.`,
};
const screenReaderInstructions = {
  draggable: 'To move a lead, press Space on its move button, use the left and right arrow keys to choose a column, then press Space to drop it or Escape to cancel.',
};

/** The pipeline (admin spec §2, §4): six columns; dropping a card on one sets the lead's status to it. */
export function PipelineBoard({ leads, onOpen }: { leads: readonly Lead[]; onOpen: (lead: Lead) => void }) {
  const move = useMoveLead();
  const [dragged, setDragged] = useState<Lead | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const columns = leadsByColumn(leads);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const lead = leadOf(active.data);
    // No destination, or the column it came from: nothing to save.
    if (!lead || !over || over.id === lead.status) return;
    move.mutate({ id: lead.id, status: over.id as LeadStatus });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={({ active }) => setDragged(leadOf(active.data) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div className="-mx-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0" role="region" aria-label="Pipeline" tabIndex={-1}>
        <div className="flex min-w-max gap-3">
          {PIPELINE_COLUMNS.map((column) => (
            <PipelineColumn key={column.id} id={column.id} title={column.title} leads={columns[column.id]} onOpen={onOpen} />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{dragged ? <LeadCardOverlay lead={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}

function PipelineColumn({ id, title, leads, onOpen }: { id: LeadStatus; title: string; leads: Lead[]; onOpen: (lead: Lead) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  const { count, total } = columnSummary(leads);
  const headingId = `pipeline-column-${id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={id}
      className={cn('flex w-64 shrink-0 flex-col rounded-lg border border-zinc-200 bg-zinc-100/70 2xl:w-auto 2xl:min-w-60 2xl:flex-1', isOver && 'border-indigo-400 bg-indigo-50')}
    >
      <header className="flex items-start justify-between gap-2 px-3 pt-3 pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-sm font-semibold text-zinc-900">
            {title}
          </h2>
          <p className="text-xs text-zinc-500" data-testid="column-total">
            {total}
          </p>
        </div>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-zinc-700 tabular-nums" aria-label={`${count} leads`}>
          {count}
        </span>
      </header>
      <ul className="flex min-h-24 flex-1 flex-col gap-2 px-2 pb-2" aria-label={`${title} leads`}>
        {leads.length === 0 ? <li className="rounded-md border border-dashed border-zinc-300 px-3 py-6 text-center text-xs text-zinc-400">No leads</li> : null}
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
