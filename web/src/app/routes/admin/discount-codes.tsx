import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminDiscountCodesScreen } from '@/features/admin/components/admin-discount-codes-screen';

export default function AdminDiscountCodesRoute() {
  return (
    <AdminGuard>
      <title>Discount codes — Mtumba</title>
      <AdminDiscountCodesScreen />
    </AdminGuard>
  );
}
