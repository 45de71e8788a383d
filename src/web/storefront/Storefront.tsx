import { Route, Routes } from 'react-router';
import type { Tenant } from '@shared/tenants';
import { NotFound } from '@/app/NotFound';
import { StoreLayout } from './StoreLayout';
import { StoreHome } from './StoreHome';

/** The store routes (storefront spec §2), shown on a tenant's own host. */
export default function Storefront({ tenant }: { tenant: Tenant }) {
  return (
    <StoreLayout tenant={tenant}>
      <Routes>
        <Route index element={<StoreHome tenant={tenant} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </StoreLayout>
  );
}
