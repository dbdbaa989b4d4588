import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminOrdersScreen } from '@/features/admin/components/admin-orders-screen';

export default function AdminOrdersRoute() {
  return (
    <AdminGuard>
      <AdminOrdersScreen />
    </AdminGuard>
  );
}
