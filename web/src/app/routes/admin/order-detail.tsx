import { useParams } from 'react-router';
import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminOrderDetailScreen } from '@/features/admin/components/admin-order-detail-screen';

export default function AdminOrderDetailRoute() {
  const { id } = useParams();
  return (
    <AdminGuard>
      <AdminOrderDetailScreen key={id} orderId={id} />
    </AdminGuard>
  );
}
