import { FileText, Image, Menu, Upload, type LucideIcon } from 'lucide-react';

export interface AdminSection {
  /** Routes under /admin that show this section (admin spec §2 route table). */
  paths: string[];
  heading: string;
  subtitle: string;
  icon: LucideIcon;
  /** What the section will do, said plainly: no screen here pretends to hold data it cannot show yet. */
  noticeTitle: string;
  noticeText: string;
  /** Where the same job can be done today. */
  action: { label: string; to: string };
}

/**
 * The back-office sections whose screens are not built yet (no issue covers them so far). Each keeps
 * its spec route, heading and sidebar place, and sends people to what already works.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    paths: ['import'],
    heading: 'Import Products',
    subtitle: 'Bring products in from a CSV file.',
    icon: Upload,
    noticeTitle: 'CSV import is not available yet',
    noticeText: 'Until it is, add products one at a time, or let the AI Product Wizard draft them for you.',
    action: { label: 'Go to Products', to: '/admin/catalogue/products' },
  },
  {
    paths: ['webstore/navigation'],
    heading: 'Navigation',
    subtitle: 'The menus shoppers use to move around your store.',
    icon: Menu,
    noticeTitle: 'The menu editor is not available yet',
    noticeText: 'Your store’s menu lists your categories automatically, in their display order.',
    action: { label: 'Go to Categories', to: '/admin/catalogue/categories' },
  },
  {
    paths: ['webstore/pages', 'content/pages'],
    heading: 'Pages',
    subtitle: 'Content pages such as About us and Delivery information.',
    icon: FileText,
    noticeTitle: 'Content pages are not available yet',
    noticeText: 'Delivery and returns information already shows on every product page and in the store footer.',
    action: { label: 'Go to Dashboard', to: '/admin' },
  },
  {
    paths: ['media'],
    heading: 'Media Library',
    subtitle: 'Images and documents used across your store.',
    icon: Image,
    noticeTitle: 'The media library is not available yet',
    noticeText: 'Product pictures are uploaded, described and ordered on each product’s edit page.',
    action: { label: 'Go to Products', to: '/admin/catalogue/products' },
  },
];
