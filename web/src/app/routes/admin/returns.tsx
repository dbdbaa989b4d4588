import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminReturnsScreen } from '@/features/admin/components/admin-returns-screen';

export default function AdminReturnsRoute() {
  return (
    <AdminGuard>
      <AdminReturnsScreen />
    </AdminGuard>
  );
}
