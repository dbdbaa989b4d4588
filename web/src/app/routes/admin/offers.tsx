import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminOffersScreen } from '@/features/admin/components/admin-offers-screen';

export default function AdminOffersRoute() {
  return (
    <AdminGuard>
      <AdminOffersScreen />
    </AdminGuard>
  );
}
