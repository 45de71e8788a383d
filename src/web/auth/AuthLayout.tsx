import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useCurrentTenant } from '@/lib/tenant';
import { BrandMark } from '@/marketing/BrandMark';
import { PLATFORM_NAME } from '@shared/platform';

/** The frame of the sign-in pages (sign in, forgot password, choose a new password): the site's name, a card. */
export function AuthLayout({ title, intro, children }: { title?: string; intro: ReactNode; children: ReactNode }) {
  const tenant = useCurrentTenant().data?.tenant ?? null;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-zinc-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-6 inline-flex items-center gap-1.5 text-sm text-zinc-600 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden />
          Back to website
        </Link>
        <Card>
          <CardHeader className="items-center text-center">
            <BrandMark />
            <h1 className="mt-2 text-xl font-semibold">{title ?? tenant?.name ?? PLATFORM_NAME}</h1>
            <p className="text-sm text-zinc-500">{intro}</p>
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
      </div>
    </div>
  );
}
