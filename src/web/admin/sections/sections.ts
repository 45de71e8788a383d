import { FileText, Image, Menu, Settings, Upload, type LucideIcon } from 'lucide-react';

export interface AdminSection {
  /** Routes under /admin that show this section (admin spec §2 route table). */
  paths: string[];
  heading: string;
  subtitle: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText: string;
}

/** The back-office sections and their spec headings; each feature fills its own section. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    paths: ['import'],
    heading: 'Import Products',
    subtitle: 'Bring products in from a CSV file.',
    icon: Upload,
    emptyTitle: 'No imports yet',
    emptyText: 'Each CSV file you upload will appear here with its progress and results.',
  },
  {
    paths: ['webstore/navigation'],
    heading: 'Navigation',
    subtitle: 'The menus shoppers use to move around your store.',
    icon: Menu,
    emptyTitle: 'No menus yet',
    emptyText: 'Menu groups and their items will be listed here.',
  },
  {
    paths: ['webstore/pages', 'content/pages'],
    heading: 'Pages',
    subtitle: 'Content pages such as About us and Delivery information.',
    icon: FileText,
    emptyTitle: 'No pages yet',
    emptyText: 'Pages you create will be listed here with their template and status.',
  },
  {
    paths: ['media'],
    heading: 'Media Library',
    subtitle: 'Images and documents used across your store.',
    icon: Image,
    emptyTitle: 'No files yet',
    emptyText: 'Images and documents you upload will be listed here.',
  },
  {
    paths: ['settings'],
    heading: 'Store Settings',
    subtitle: 'Store details, payments, email, notifications and shipping.',
    icon: Settings,
    emptyTitle: 'Settings',
    emptyText: 'Your store name, contact details and business address will be edited here.',
  },
];
