import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LIMITS } from '@mtumba/contract/constants';
import { ApiError } from '@/lib/api-client';
import { useAddProduct } from '../api/add-product';
import { useAdminCategories } from '../api/get-admin-categories';
import { useFlashMessage } from '@/lib/use-flash-message';
import { imageSelectionProblem } from '../hooks/use-image-selection';
import { FlashAlert } from './flash-alert';

export const PRODUCT_ADDED = 'Product added successfully!';

interface Fields {
  name: string;
  description: string;
  price: string;
  stock_quantity: string;
  categories: string[];
}

const EMPTY: Fields = { name: '', description: '', price: '', stock_quantity: '', categories: [] };

/**
 * The simpler Add New Product form (/add-product, SPEC.md sections 5 and 8): name, price and stock
 * are required; categories multi-select; images. Sends the admin's token; clears on success. Its
 * messages clear after 3 s like every admin message (SPEC.md section 9).
 */
export function AddProductForm({ onAdded }: { onAdded?: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [images, setImages] = useState<File[]>([]);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const outcome = useFlashMessage();
  const [fileInputKey, setFileInputKey] = useState(0);
  const categories = useAdminCategories();
  const add = useAddProduct();
  const id = useId();

  const set = (key: keyof Fields, value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser's own checks (required, number, min, step) speak for the fields.
    if (!event.currentTarget.reportValidity()) return;
    const form = new FormData();
    form.append('name', fields.name.trim());
    form.append('description', fields.description.trim());
    form.append('price', fields.price);
    form.append('stock_quantity', fields.stock_quantity);
    for (const category of fields.categories) form.append('categories[]', category);
    for (const image of images) form.append('images[]', image, image.name);
    outcome.clear();
    add.mutate(form, {
      onSuccess: () => {
        outcome.show('success', PRODUCT_ADDED);
        setFields(EMPTY);
        setImages([]);
        setImageProblem(null);
        setFileInputKey((k) => k + 1);
        onAdded?.();
      },
      onError: (err) => {
        const text =
          err instanceof ApiError
            ? `Error: ${err.body.message ?? err.body.error ?? 'Failed to add product'}`
            : 'Something went wrong!';
        outcome.show('danger', text);
      },
    });
  };

  return (
    <Form onSubmit={submit} className="mx-auto" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">Add New Product</h1>
      <FlashAlert message={outcome.message} className="mb-3" />

      <Form.Group className="mb-3" controlId={`${id}-name`}>
        <Form.Label>Name</Form.Label>
        <Form.Control value={fields.name} onChange={(e) => set('name', e.target.value)} required maxLength={255} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-description`}>
        <Form.Label>Description</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={fields.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={5000}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-price`}>
        <Form.Label>Price (Ksh)</Form.Label>
        <Form.Control
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          value={fields.price}
          onChange={(e) => set('price', e.target.value)}
          required
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-stock`}>
        <Form.Label>Stock quantity</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          value={fields.stock_quantity}
          onChange={(e) => set('stock_quantity', e.target.value)}
          required
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-categories`}>
        <Form.Label>Categories</Form.Label>
        <Form.Select
          multiple
          value={fields.categories}
          onChange={(e) =>
            setFields((f) => ({ ...f, categories: Array.from(e.target.selectedOptions, (o) => o.value) }))
          }
          aria-describedby={`${id}-categories-help`}
        >
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id={`${id}-categories-help`}>
          {categories.isError
            ? 'Failed to load categories'
            : 'Hold Ctrl (or Cmd) to choose several. Every product needs at least one.'}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-images`}>
        <Form.Label>Images</Form.Label>
        <Form.Control
          key={fileInputKey}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-images-help`}
          onChange={(e) => {
            const input = e.target as HTMLInputElement;
            const chosen = Array.from(input.files ?? []);
            const problem = imageSelectionProblem(0, chosen);
            setImageProblem(problem);
            if (problem) {
              // Keep the previous selection: the input shows what will really be sent.
              input.value = '';
              setFileInputKey((k) => k + 1);
              return;
            }
            setImages(chosen);
          }}
        />
        <Form.Text id={`${id}-images-help`}>
          Up to {LIMITS.maxImages} images.{images.length > 0 && ` Chosen: ${images.map((f) => f.name).join(', ')}.`}
        </Form.Text>
        {imageProblem && (
          <Alert variant="warning" className="mt-2 py-2" role="alert">
            {imageProblem}
          </Alert>
        )}
      </Form.Group>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add Product'}
      </Button>
    </Form>
  );
}
