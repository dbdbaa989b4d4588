import { AdminGuard } from '@/features/admin/components/admin-guard';
import { Link } from '@/components/ui/link';
import { AdminOrdersScreen } from '@/features/admin/components/admin-orders-screen';
import { paths } from '@/config/paths';

export default function AdminOrdersRoute() {
  return (
    <AdminGuard>
      <AdminOrdersScreen />
      <p className="mt-3">
        <Link to={paths.adminDelivery()}>Delivery methods</Link>: fees, areas, pickup points and estimates.
      </p>
      <p>
        <Link to={paths.adminDiscountCodes()}>Discount codes</Link>: codes shoppers type at checkout, with their limits.
      </p>
    </AdminGuard>
  );
}
