import { useCallback, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { Category, Product } from '@mtumba/contract/product';
import { toast } from '@/lib/toast';
import { ProductForm } from './product-form';

interface ProductFormModalProps {
  /** the product to edit; null or absent for a new one */
  product?: Product | null;
  categories: Category[];
  onHide: () => void;
  onSaved?: (product: Product) => void;
}

/**
 * New / Edit Product (docs/product.md "Admin products", section 5) in a dialog: the shared product form.
 * Escape or Cancel closes it (and stops an upload under way).
 */
export function ProductFormModal({ product, categories, onHide, onSaved }: ProductFormModalProps) {
  const editing = product != null;
  const [saving, setSaving] = useState(false);
  const abort = useRef<(() => void) | null>(null);
  const id = useId();
  const close = () => {
    abort.current?.();
    onHide();
  };
  const onBusyChange = useCallback((busy: boolean) => setSaving(busy), []);

  return (
    <Modal show onHide={close} size="lg" aria-labelledby={`${id}-title`} backdrop={saving ? 'static' : true}>
      <ProductForm
        product={product}
        categories={categories}
        submitLabel={editing ? 'Save changes' : 'Add product'}
        onCancel={close}
        onBusyChange={onBusyChange}
        abortRef={abort}
        onSaved={(saved) => {
          toast.success(editing ? `“${saved.name}” saved.` : `“${saved.name}” added to the shop.`);
          onSaved?.(saved);
          onHide();
        }}
        layout={(fields, buttons) => (
          <>
            <Modal.Header closeButton>
              <Modal.Title id={`${id}-title`} as="h2" className="h5">
                {editing ? `Edit Product: ${product.name}` : 'New Product'}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>{fields}</Modal.Body>
            <Modal.Footer>{buttons}</Modal.Footer>
          </>
        )}
      />
    </Modal>
  );
}
