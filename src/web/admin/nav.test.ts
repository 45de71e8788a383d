import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@shared/roles';
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

  it('shows staff only what their permissions open (issue 27), owners and admins everything', () => {
    const labels = (permissions: Permission[], canManage = false) => visibleNav({ tenantId: 't', permissions, canManage }).flatMap((g) => g.items.map((i) => i.label));
    expect(labels(['crm', 'customers'])).toEqual(['Dashboard', 'CRM', 'Customers']);
    expect(labels(['orders.view', 'orders.fulfil'])).toEqual(['Dashboard', 'Orders']);
    expect(labels(['content'])).toEqual(['Dashboard', 'Navigation', 'Pages', 'Media']);
    expect(labels(['products'])).toEqual(['Dashboard', 'Categories', 'Products', 'Import', 'Reviews', 'Media']);
    expect(labels(['settings'])).toEqual(['Dashboard', 'Emails', 'Settings']);
    expect(labels([])).toEqual(['Dashboard']);
    expect(labels([...PERMISSIONS], true)).toHaveLength(14);
    // The VAT report is for owners and admins, whatever a staff member was given.
    expect(labels([...PERMISSIONS], false)).not.toContain('VAT report');
  });
});
