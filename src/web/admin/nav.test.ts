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
      '>Discounts /admin/discounts',
      '>VAT report /admin/reports/vat',
      '>Emails /admin/emails',
      '>Settings /admin/settings',
    ]);
  });

  it('shows staff only what their permissions open (issue 27), owners and admins everything', () => {
    const labels = (permissions: Permission[], canManage = false) => visibleNav({ tenantId: 't', permissions, canManage }).flatMap((g) => g.items.map((i) => i.label));
    expect(labels(['crm', 'customers'])).toEqual(['Dashboard', 'CRM', 'Customers']);
    expect(labels(['orders.view', 'orders.fulfil'])).toEqual(['Dashboard', 'Orders', 'Discounts']);
    expect(labels(['content'])).toEqual(['Dashboard', 'Navigation', 'Pages', 'Media']);
    expect(labels(['products'])).toEqual(['Dashboard', 'Categories', 'Products', 'Import', 'Reviews', 'Media']);
    expect(labels(['settings'])).toEqual(['Dashboard', 'Emails', 'Settings']);
    expect(labels([])).toEqual(['Dashboard']);
    expect(labels([...PERMISSIONS], true)).toHaveLength(15);
    // The VAT report is for owners and admins, whatever a staff member was given.
    expect(labels([...PERMISSIONS], false)).not.toContain('VAT report');
  });

  it('has no CRM while the store has switched it off (decision 044), whoever looks', () => {
    const labels = (crmEnabled: boolean, permissions: Permission[] = [...PERMISSIONS]) => visibleNav({ tenantId: 't', permissions, canManage: true, crmEnabled }).flatMap((g) => g.items.map((i) => i.label));
    expect(labels(true)).toContain('CRM');
    expect(labels(false)).not.toContain('CRM');
    expect(labels(false)).toHaveLength(14);
    expect(visibleNav({ tenantId: 't', permissions: ['crm'], canManage: false, crmEnabled: false }).flatMap((g) => g.items.map((i) => i.label))).toEqual(['Dashboard']);
  });
});
