import { useParams } from 'react-router';
import { AdminGuard } from '@/features/admin/components/admin-guard';
import { PackingSlipScreen } from '@/features/admin/components/packing-slip-screen';

export default function AdminOrderSlipRoute() {
  const { id } = useParams();
  return (
    <AdminGuard>
      <PackingSlipScreen key={id} orderId={id} />
    </AdminGuard>
  );
}
