import { useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/api/catalog-keys';
import { AddProductForm } from '@/features/admin/components/add-product-form';
import { AdminGuard } from '@/features/admin/components/admin-guard';

export default function AddProductRoute() {
  const queryClient = useQueryClient();
  const refreshShop = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  return (
    <AdminGuard>
      <AddProductForm onAdded={refreshShop} />
    </AdminGuard>
  );
}
