import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminDeliveryMethodsScreen } from '@/features/delivery/components/admin-delivery-methods-screen';

export default function AdminDeliveryRoute() {
  return (
    <AdminGuard>
      <title>Delivery methods — Mtumba</title>
      <AdminDeliveryMethodsScreen />
    </AdminGuard>
  );
}
