import { FileText, FolderTree, KanbanSquare, Image, LayoutDashboard, Mail, Menu, MessageSquareText, Package, ReceiptPoundSterling, Settings, ShoppingCart, Upload, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Needs catalogue/orders/content rights (owner or admin members, platform owners); staff do not see it. */
  managersOnly: boolean;
}
export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

/** The admin sidebar as admin spec §2 (Dashboard; Catalogue; Webstore; Content; Orders; Settings), plus Catalogue > Reviews, Customers, the VAT report and Emails. */
export const ADMIN_NAV: NavGroup[] = [
  {
    label: null,
    items: [
      { label: 'Dashboard', to: '/admin', icon: LayoutDashboard, managersOnly: false },
      // The sales CRM (admin spec §2 "CRM admin page", issue 16): every member role, staff included.
      { label: 'CRM', to: '/admin/crm', icon: KanbanSquare, managersOnly: false },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Categories', to: '/admin/catalogue/categories', icon: FolderTree, managersOnly: true },
      { label: 'Products', to: '/admin/catalogue/products', icon: Package, managersOnly: true },
      { label: 'Import', to: '/admin/import', icon: Upload, managersOnly: true },
      // Not in the spec's sidebar: the storefront issue adds review moderation under Catalogue.
      { label: 'Reviews', to: '/admin/catalogue/reviews', icon: MessageSquareText, managersOnly: true },
    ],
  },
  {
    label: 'Webstore',
    items: [
      { label: 'Navigation', to: '/admin/webstore/navigation', icon: Menu, managersOnly: true },
      { label: 'Pages', to: '/admin/webstore/pages', icon: FileText, managersOnly: true },
    ],
  },
  { label: 'Content', items: [{ label: 'Media', to: '/admin/media', icon: Image, managersOnly: true }] },
  {
    label: null,
    items: [
      { label: 'Orders', to: '/admin/orders', icon: ShoppingCart, managersOnly: true },
      // Not in the spec's sidebar: issue 26's customers (everyone who ordered or has an account); staff read them too.
      { label: 'Customers', to: '/admin/customers', icon: Users, managersOnly: false },
      // Not in the spec's sidebar: issue 25's VAT report (sales and VAT by rate for a period).
      { label: 'VAT report', to: '/admin/reports/vat', icon: ReceiptPoundSterling, managersOnly: true },
      // Not in the spec's sidebar: the checkout issue's email outbox, where staff see what customers were sent.
      { label: 'Emails', to: '/admin/emails', icon: Mail, managersOnly: true },
      { label: 'Settings', to: '/admin/settings', icon: Settings, managersOnly: true },
    ],
  },
];

/** The sidebar a person sees: groups emptied by their role disappear. */
export function visibleNav(canManage: boolean): NavGroup[] {
  return ADMIN_NAV.map((group) => ({ ...group, items: group.items.filter((item) => canManage || !item.managersOnly) })).filter(
    (group) => group.items.length > 0,
  );
}
