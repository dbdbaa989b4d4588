import { AdminGuard } from '@/features/admin/components/admin-guard';
import { ToShipScreen } from '@/features/admin/components/to-ship-screen';

export default function AdminToShipRoute() {
  return (
    <AdminGuard>
      <ToShipScreen />
    </AdminGuard>
  );
}
