import type { Tenant } from '@shared/tenants';
import { STORE_PROMISES } from './store-promises';

/** The store's front page: welcome and the shop's promises. The catalogue sections build on this. */
export function StoreHome({ tenant }: { tenant: Tenant }) {
  return (
    <>
      <section className="bg-gradient-to-b from-zinc-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-medium tracking-wide text-accent uppercase">Welcome</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{tenant.name}</h1>
          <p className="mt-4 max-w-xl text-lg text-zinc-600">
            Quality products delivered across the UK, with next-day delivery and click &amp; collect.
          </p>
        </div>
      </section>
      <section aria-label="Why shop with us" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STORE_PROMISES.map(({ icon: Icon, title, detail }) => (
            <li key={title} className="rounded-lg border border-zinc-200 p-5">
              <Icon className="size-5 text-accent" aria-hidden />
              <p className="mt-3 font-medium">{title}</p>
              <p className="mt-1 text-sm text-zinc-500">{detail}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
