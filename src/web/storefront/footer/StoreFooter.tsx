import { Link } from 'react-router';
import { registrationLine, type PublicStoreDetails } from '@shared/store-details';
import { useSession } from '@/lib/auth';
import { useCategories } from '@/lib/catalog';
import { useLoginHref } from '../use-login-href';
import { hasContact, StoreContact } from './StoreContact';

const linkClass = 'text-sm text-zinc-600 hover:text-zinc-900 hover:underline underline-offset-4';

/**
 * Footer: where to shop, how delivery and returns work (storefront spec §9), the account links, and
 * how to reach the store with its company and VAT numbers (Settings > Store Info) when it gave them.
 * The home page already shows the promises as cards, so the footer lists them as plain facts.
 */
export function StoreFooter({ storeName, details }: { storeName: string; details: PublicStoreDetails }) {
  const categories = useCategories();
  const signedIn = Boolean(useSession().data?.user);
  const loginHref = useLoginHref();
  const year = new Date().getFullYear();
  const contact = hasContact(details);
  const registration = registrationLine(details);
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50">
      <div className={`mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 ${contact ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
        <FooterColumn title="Shop">
          <li><Link to="/products" className={linkClass}>All products</Link></li>
          {(categories.data ?? []).slice(0, 6).map((category) => (
            <li key={category.id}><Link to={`/c/${category.slug}`} className={linkClass}>{category.name}</Link></li>
          ))}
        </FooterColumn>
        <FooterColumn title="Delivery & returns">
          <li className="text-sm text-zinc-600">Free delivery on orders over £100</li>
          <li className="text-sm text-zinc-600">Next-day delivery and click & collect</li>
          <li className="text-sm text-zinc-600">Delivery to most UK postcodes</li>
          <li className="text-sm text-zinc-600">30-day return policy; refunds within 5-7 business days</li>
        </FooterColumn>
        <FooterColumn title="Your account">
          {signedIn ? (
            <>
              <li><Link to="/my-orders" className={linkClass}>My orders</Link></li>
              <li><Link to="/logout" className={linkClass}>Sign out</Link></li>
            </>
          ) : (
            <li><Link to={loginHref} className={linkClass}>Sign in</Link></li>
          )}
          <li><Link to="/cart" className={linkClass}>Cart</Link></li>
        </FooterColumn>
        {contact ? <StoreContact details={details} /> : null}
      </div>
      <div className="border-t border-zinc-200 px-4 py-4 text-center text-xs text-zinc-500">
        <p>© {year} {storeName}. Prices in pounds sterling, including VAT.</p>
        {registration ? <p className="mt-1">{registration}</p> : null}
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-zinc-900">{title}</h2>
      <ul className="mt-3 grid gap-2">{children}</ul>
    </div>
  );
}
