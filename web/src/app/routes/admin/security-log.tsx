import { useParams } from 'react-router';
import { AdminGuard } from '@/features/admin/components/admin-guard';
import { SecurityLogScreen } from '@/features/admin/components/security-log-screen';

export default function AdminSecurityLogRoute() {
  const { id } = useParams();
  return (
    <AdminGuard>
      <SecurityLogScreen key={id} userId={id} />
    </AdminGuard>
  );
}
