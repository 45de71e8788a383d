import { lazy } from 'react';
import { useLocation } from 'react-router';
import { MyOrdersPage } from './MyOrdersPage';

// Account settings load only when opened: they carry the forms' schemas, which My orders does not need.
const AccountPage = lazy(() => import('./AccountPage').then((m) => ({ default: m.AccountPage })));
// One order's page (issue 27) loads only when opened, from My orders or a link.
const MyOrderPage = lazy(() => import('./MyOrderPage').then((m) => ({ default: m.MyOrderPage })));

/** The order number in /my-orders/{order_number}, or null for the list (a malformed escape reads as given). */
function orderNumberIn(pathname: string): string | null {
  const match = /^\/my-orders\/(.+?)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * A signed-in shopper's pages, /my-orders, /my-orders/{order_number} and /account (issue 26, 27),
 * behind one route bundle: the storefront's bundle grows by a route, not by more lazy pages (decision 004).
 */
export function AccountArea() {
  const { pathname } = useLocation();
  if (/^\/account\/?$/.test(pathname)) return <AccountPage />;
  const orderNumber = orderNumberIn(pathname);
  return orderNumber === null ? <MyOrdersPage /> : <MyOrderPage key={orderNumber} orderNumber={orderNumber} />;
}
