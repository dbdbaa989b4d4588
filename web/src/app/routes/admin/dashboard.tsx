import { AdminGuard } from '@/features/admin/components/admin-guard';
import { DashboardScreen } from '@/features/admin/components/dashboard-screen';

export default function AdminDashboardRoute() {
  return (
    <AdminGuard>
      <DashboardScreen />
    </AdminGuard>
  );
}
