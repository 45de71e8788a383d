import { lazy } from 'react';
import { useLocation } from 'react-router';
import { MyOrdersPage } from './MyOrdersPage';

// Account settings load only when opened: they carry the forms' schemas, which My orders does not need.
const AccountPage = lazy(() => import('./AccountPage').then((m) => ({ default: m.AccountPage })));

/**
 * A signed-in shopper's pages, /my-orders and /account (issue 26), behind one route bundle: the
 * storefront's bundle grows by a route, not by a second lazy page (decision 004).
 */
export function AccountArea() {
  return /^\/account\/?$/.test(useLocation().pathname) ? <AccountPage /> : <MyOrdersPage />;
}
