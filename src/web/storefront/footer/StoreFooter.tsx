import { Link } from 'react-router';
import { registrationLine, type PublicStoreDetails } from '@shared/store-details';
import { freeDeliveryLine, refundLine, returnsLine, type StorePromises } from '@shared/store-promises';
import type { StoreMenuGroup } from '@shared/navigation';
import { useSession } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { useStoreMenu } from '@/lib/store-menu';
import { FooterMenuColumns, footerGridClass, footerLinkClass as linkClass } from '@/components/menu/MenuPanels';
import { useLoginHref } from '../use-login-href';
import { hasContact, StoreContact } from './StoreContact';

/** When the footer menu cannot be read: the one link every shop has. */
const SHOP_ONLY: StoreMenuGroup[] = [{ id: 'shop', label: 'Shop', href: null, view_all: null, column_index: 0, image: null, items: [{ id: 'all', label: 'All products', href: '/products', badge: null }] }];

/**
 * Footer: the store's footer menu (Navigation > Footer; with none saved, All products and its
 * categories), how delivery and returns work (the store's own policies and delivery options), the
 * account links, how to reach the store with its company and VAT numbers (Settings > Store Info)
 * when it gave them, and its published legal pages. The home page already shows the promises as
 * cards, so the footer lists them as plain facts.
 */
export function StoreFooter({ storeName, details, promises }: { storeName: string; details: PublicStoreDetails; promises: StorePromises }) {
  const facts = footerFacts(promises);
  const menu = useStoreMenu('footer');
  const groups = menu.data?.groups ?? (menu.isError ? SHOP_ONLY : []);
  const session = useSession();
  const signedIn = useHydrated() && Boolean(session.data?.user);
  const loginHref = useLoginHref();
  const year = new Date().getFullYear();
  const contact = hasContact(details);
  const registration = registrationLine(details);
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50">
      <div className={`mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 ${footerGridClass(Math.max(groups.length, 1) + 2 + (contact ? 1 : 0))}`}>
        <FooterMenuColumns groups={groups} />
        <FooterColumn title="Delivery & returns">
          {facts.map((fact) => (
            <li key={fact} className="text-sm text-zinc-600">{fact}</li>
          ))}
          {facts.length === 0 ? <li className="text-sm text-zinc-600">Delivery options and costs are shown at checkout</li> : null}
        </FooterColumn>
        <FooterColumn title="Your account">
          {signedIn ? (
            <>
              <li><Link to="/my-orders" className={linkClass}>My orders</Link></li>
              <li><Link to="/account" className={linkClass}>Account settings</Link></li>
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
        <p>© {year} {storeName}. {details.vat_registered ? 'Prices in pounds sterling, including VAT.' : 'Prices in pounds sterling.'}</p>
        {registration ? <p className="mt-1">{registration}</p> : null}
        {promises.legal_pages.length > 0 ? (
          <nav aria-label="Legal" className="mt-3">
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
              {promises.legal_pages.map((page) => (
                <li key={page.kind}>
                  <Link to={`/pages/${page.slug}`} className="hover:text-zinc-900 hover:underline underline-offset-4">{page.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
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

/** The footer's "Delivery & returns" facts, plainly. */
function footerFacts(p: StorePromises): string[] {
  const returns = returnsLine(p);
  const refund = refundLine(p);
  return [
    freeDeliveryLine(p),
    p.next_day ? 'Next-day delivery' : null,
    p.delivery_note,
    returns && refund ? `${returns}; ${refund.charAt(0).toLowerCase()}${refund.slice(1)}` : (returns ?? refund),
  ].filter((line): line is string => Boolean(line));
}
