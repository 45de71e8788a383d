import { mayUse, type AdminAccess, type AdminNeed } from './access';
import { FileText, FolderTree, KanbanSquare, Image, LayoutDashboard, Mail, Menu, MessageSquareText, Package, ReceiptPoundSterling, Settings, ShoppingCart, TicketPercent, Upload, Users, type LucideIcon } from 'lucide-react';

/** The media library serves product pictures and pages alike. */
export const PICTURES: AdminNeed = ['products', 'content'];

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Who sees it (issue 27): the permission its screens need, as the server's access table says. */
  need: AdminNeed;
  /** Shown only while the store's CRM is on (decision 044). */
  crm?: true;
}
export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

/** The admin sidebar as admin spec §2 (Dashboard; Catalogue; Webstore; Content; Orders; Settings), plus Catalogue > Reviews, Customers, Discounts, the VAT report and Emails. */
export const ADMIN_NAV: NavGroup[] = [
  {
    label: null,
    items: [
      { label: 'Dashboard', to: '/admin', icon: LayoutDashboard, need: 'any' },
      // The sales CRM (admin spec §2 "CRM admin page", issue 16): every member role, staff included.
      { label: 'CRM', to: '/admin/crm', icon: KanbanSquare, need: 'crm', crm: true },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Categories', to: '/admin/catalogue/categories', icon: FolderTree, need: 'products' },
      { label: 'Products', to: '/admin/catalogue/products', icon: Package, need: 'products' },
      { label: 'Import', to: '/admin/import', icon: Upload, need: 'products' },
      // Not in the spec's sidebar: the storefront issue adds review moderation under Catalogue.
      { label: 'Reviews', to: '/admin/catalogue/reviews', icon: MessageSquareText, need: 'products' },
    ],
  },
  {
    label: 'Webstore',
    items: [
      { label: 'Navigation', to: '/admin/webstore/navigation', icon: Menu, need: 'content' },
      { label: 'Pages', to: '/admin/webstore/pages', icon: FileText, need: 'content' },
    ],
  },
  { label: 'Content', items: [{ label: 'Media', to: '/admin/media', icon: Image, need: PICTURES }] },
  {
    label: null,
    items: [
      { label: 'Orders', to: '/admin/orders', icon: ShoppingCart, need: 'orders.view' },
      // Not in the spec's sidebar: issue 26's customers (everyone who ordered or has an account); staff read them too.
      { label: 'Customers', to: '/admin/customers', icon: Users, need: 'customers' },
      // Not in the spec's sidebar: issue 28's discount codes; staff who see orders read them.
      { label: 'Discounts', to: '/admin/discounts', icon: TicketPercent, need: 'orders.view' },
      // Not in the spec's sidebar: issue 25's VAT report (sales and VAT by rate for a period).
      { label: 'VAT report', to: '/admin/reports/vat', icon: ReceiptPoundSterling, need: 'manage' },
      // Not in the spec's sidebar: the checkout issue's email outbox, where staff see what customers were sent.
      { label: 'Emails', to: '/admin/emails', icon: Mail, need: 'settings' },
      { label: 'Settings', to: '/admin/settings', icon: Settings, need: 'settings' },
    ],
  },
];

/** The sidebar a person sees: groups emptied by their permissions disappear; a store that switched its CRM off has none. */
export function visibleNav(access: AdminAccess): NavGroup[] {
  const shown = (item: NavItem) => mayUse(access, item.need) && !(item.crm && access.crmEnabled === false);
  return ADMIN_NAV.map((group) => ({ ...group, items: group.items.filter(shown) })).filter(
    (group) => group.items.length > 0,
  );
}
