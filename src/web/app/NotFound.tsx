import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Unknown routes on any site: a real page with a way back, not a blank screen. */
export function NotFound({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-zinc-100">
        <Compass className="size-6 text-zinc-500" aria-hidden />
      </div>
      <p className="text-sm font-medium text-accent">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="max-w-md text-zinc-500">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={homeHref}>Back to the home page</Link>
      </Button>
    </div>
  );
}
