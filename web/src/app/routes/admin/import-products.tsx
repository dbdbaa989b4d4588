import { AdminGuard } from '@/features/admin/components/admin-guard';
import { ImportScreen } from '@/features/admin/components/import-screen';

export default function AdminImportProductsRoute() {
  return (
    <AdminGuard>
      <ImportScreen />
    </AdminGuard>
  );
}
