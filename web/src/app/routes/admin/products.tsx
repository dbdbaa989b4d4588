import { useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/api/catalog-keys';
import { AdminGuard } from '@/features/admin/components/admin-guard';
import { AdminProductsScreen } from '@/features/admin/components/admin-products-screen';

export default function AdminProductsRoute() {
  const queryClient = useQueryClient();
  // The shop's own cached lists (home, product pages) show the change without waiting.
  const refreshShop = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  return (
    <AdminGuard>
      <AdminProductsScreen onCatalogChanged={refreshShop} />
    </AdminGuard>
  );
}
