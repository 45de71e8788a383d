import { Upload, type LucideIcon } from 'lucide-react';

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
];
