import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { aiFailureMessage, useProductSuggestions } from '@/lib/ai';
import type { QuickWinImpact } from '@shared/ai';

const IMPACT: Record<QuickWinImpact, { label: string; variant: BadgeProps['variant'] }> = {
  high: { label: 'HIGH IMPACT', variant: 'destructive' },
  med: { label: 'MED IMPACT', variant: 'warning' },
  low: { label: 'LOW IMPACT', variant: 'secondary' },
};

/**
 * What the assistant suggests for this product (issue 27 item 12: the spec's product suggestions call
 * had no screen): what is missing that shoppers or search engines would miss, worded by the AI writer.
 */
export function ProductSuggestions({ productId }: { productId: string }) {
  const [asked, setAsked] = useState(false);
  const query = useProductSuggestions(productId, asked);
  const wins = query.data?.result.wins ?? [];
  return (
    <Card role="region" aria-labelledby="product-suggestions-title">
      <CardHeader>
        <CardTitle id="product-suggestions-title" className="flex items-center gap-2"><Sparkles className="size-4 text-indigo-600" aria-hidden /> Suggestions</CardTitle>
        <CardDescription>What this product is missing that shoppers and search engines look for.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!asked ? (
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => setAsked(true)}>Check this product</Button>
        ) : query.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Checking the product"><Skeleton className="h-12" /><Skeleton className="h-12" /></div>
        ) : query.isError ? (
          <Alert variant="destructive">
            <span className="flex-1">{aiFailureMessage(query.error)}</span>
            <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>
          </Alert>
        ) : wins.length === 0 ? (
          <p className="text-sm text-zinc-600">Nothing to add: it has a description, pictures, a category and its search details.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Suggestions for this product">
            {wins.map((win) => {
              const impact = IMPACT[win.impact] ?? IMPACT.low;
              return (
                <li key={win.id} className="grid gap-1">
                  <Badge variant={impact.variant} className="justify-self-start">{impact.label}</Badge>
                  <p className="text-sm font-medium break-words">{win.title}</p>
                  {win.description ? <p className="text-sm text-zinc-500 break-words">{win.description}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
        {asked && query.isSuccess ? (
          <Button type="button" size="sm" variant="ghost" className="justify-self-start" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Checking…' : 'Check again'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
