import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, visibleNav } from './nav';

describe('admin sidebar', () => {
  it('lists the spec items and routes in order', () => {
    const flat = ADMIN_NAV.flatMap((g) => g.items.map((i) => `${g.label ?? ''}>${i.label} ${i.to}`));
    expect(flat).toEqual([
      '>Dashboard /admin',
      '>CRM /admin/crm',
      'Catalogue>Categories /admin/catalogue/categories',
      'Catalogue>Products /admin/catalogue/products',
      'Catalogue>Import /admin/import',
      'Catalogue>Reviews /admin/catalogue/reviews',
      'Webstore>Navigation /admin/webstore/navigation',
      'Webstore>Pages /admin/webstore/pages',
      'Content>Media /admin/media',
      '>Orders /admin/orders',
      '>Customers /admin/customers',
      '>VAT report /admin/reports/vat',
      '>Emails /admin/emails',
      '>Settings /admin/settings',
    ]);
  });

  it('shows staff only what their role can use', () => {
    expect(visibleNav(false).flatMap((g) => g.items.map((i) => i.label))).toEqual(['Dashboard', 'CRM', 'Customers']);
    expect(visibleNav(true).flatMap((g) => g.items)).toHaveLength(14);
  });
});
