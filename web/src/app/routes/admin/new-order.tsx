import { AdminGuard } from '@/features/admin/components/admin-guard';
import { ManualOrderScreen } from '@/features/admin/components/manual-order-screen';

export default function AdminNewOrderRoute() {
  return (
    <AdminGuard>
      <title>New manual order — Mtumba</title>
      <ManualOrderScreen />
    </AdminGuard>
  );
}
