import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Brain, CheckCircle2, Lightbulb, ListChecks } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useQuickWins } from '@/lib/ai';
import { confidenceColour, confidencePercent, FALLBACK_SUGGESTIONS, type QuickWin } from '@shared/ai';

const BADGE = { green: 'success', yellow: 'warning', grey: 'secondary' } as const;

/** Storefront spec §9: 0.8 and above green, 0.6 and above yellow, otherwise grey. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const colour = confidenceColour(confidence);
  return (
    <Badge variant={BADGE[colour]} data-colour={colour} aria-label={`${confidencePercent(confidence)} confidence`}>
      {confidencePercent(confidence)}
    </Badge>
  );
}

/**
 * Store Brain (storefront spec §2): a side panel of suggested quick wins from the store's own data.
 * Suggestions load each time it opens; when they cannot be loaded it shows the two built-in ones (§8).
 */
export function StoreBrain() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label="Store Brain" className="shrink-0">
        <Brain aria-hidden className="text-indigo-600" />
        <span className="hidden sm:inline">Store Brain</span>
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="right" closeLabel="Close Store Brain" className="w-96 max-w-[92vw]" aria-describedby="store-brain-about">
          <div className="border-b border-zinc-200 px-5 py-4 pr-12">
            <SheetTitle className="flex items-center gap-2 text-base font-semibold">
              <Brain className="size-5 text-indigo-600" aria-hidden /> Store Brain
            </SheetTitle>
            <p id="store-brain-about" className="mt-1 text-sm text-zinc-500">Suggested quick wins, found in your store&apos;s data.</p>
          </div>
          {/* Mounted only while open, so each opening asks again. */}
          {open ? <Suggestions onNavigate={() => setOpen(false)} /> : null}
        </SheetContent>
      </Sheet>
    </>
  );
}

function Suggestions({ onNavigate }: { onNavigate: () => void }) {
  const wins = useQuickWins(true);
  if (wins.isPending) {
    return (
      <div className="grid gap-3 p-5" aria-busy="true" aria-label="Loading suggestions">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-28" />)}
      </div>
    );
  }
  const list: QuickWin[] = wins.isError ? FALLBACK_SUGGESTIONS : wins.data.result.wins;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <CheckCircle2 className="size-8 text-emerald-500" aria-hidden />
        <p className="font-medium">Nothing needs your attention</p>
        <p className="text-sm text-zinc-500">Your products have descriptions, pictures and SEO details, and stock is healthy.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 overflow-y-auto p-5" aria-label="Suggestions">
      {list.map((win) => (
        <li key={win.id} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs">
          <div className="flex items-start justify-between gap-3">
            <p className="flex items-start gap-2 font-medium">
              {win.type === 'action' ? <ListChecks className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden /> : <Lightbulb className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />}
              <span>{win.title}</span>
            </p>
            <ConfidenceBadge confidence={win.confidence} />
          </div>
          <p className="mt-1.5 text-sm text-zinc-600">{win.description}</p>
          {win.href ? (
            <Link to={win.href} onClick={onNavigate} className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
              {win.cta} <ArrowRight className="size-3.5" aria-hidden />
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
