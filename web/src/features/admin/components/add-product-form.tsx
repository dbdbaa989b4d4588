import { useState } from 'react';
import { useAdminCategories } from '../api/get-admin-categories';
import { useFlashMessage } from '@/lib/use-flash-message';
import { FlashAlert } from './flash-alert';
import { ProductForm } from './product-form';

export const PRODUCT_ADDED = 'Product added successfully!';

/**
 * Add New Product (/add-product): the same form as the admin's New Product dialog, as a page. It
 * says so and clears after a success; its messages clear after 3 s like every admin message.
 */
export function AddProductForm({ onAdded }: { onAdded?: () => void }) {
  const outcome = useFlashMessage();
  const categories = useAdminCategories();
  // A new key after each success: a fresh, empty form.
  const [round, setRound] = useState(0);

  return (
    <div className="mx-auto" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">Add New Product</h1>
      <FlashAlert message={outcome.message} className="mb-3" />
      <ProductForm
        key={round}
        categories={categories.data ?? []}
        categoriesNote={categories.isError ? 'Failed to load categories' : undefined}
        submitLabel="Add Product"
        onSaved={() => {
          outcome.show('success', PRODUCT_ADDED);
          setRound((r) => r + 1);
          onAdded?.();
        }}
      />
    </div>
  );
}
