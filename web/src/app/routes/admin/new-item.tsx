import { useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/api/catalog-keys';
import { AdminGuard } from '@/features/admin/components/admin-guard';
import { NewItemForm } from '@/features/admin/components/new-item-form';
import { useAdminCategories } from '@/features/admin/api/get-admin-categories';

/** /admin/items/new: list one item from a phone (docs/product.md section 10). */
export default function NewItemRoute() {
  const queryClient = useQueryClient();
  const categories = useAdminCategories();
  return (
    <AdminGuard>
      <title>New item — Mtumba</title>
      <div className="mx-auto" style={{ maxWidth: 560 }}>
        <h1 className="h3 mb-3">New item</h1>
        <NewItemForm
          categories={categories.data ?? []}
          categoriesNote={
            categories.isError ? 'Failed to load categories' : categories.isPending ? 'Loading categories…' : undefined
          }
          onSaved={() => void queryClient.invalidateQueries({ queryKey: catalogKeys.all })}
        />
      </div>
    </AdminGuard>
  );
}
