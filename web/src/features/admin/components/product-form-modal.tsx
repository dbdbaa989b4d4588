import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { PRODUCT_CONDITIONS } from '@mtumba/contract/constants';
import { statusLabel } from '@mtumba/contract/order-states';
import type { Category, Product } from '@mtumba/contract/product';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveProduct } from '../api/save-product';
import { useImageSelection } from '../hooks/use-image-selection';
import {
  emptyProductForm,
  productFormData,
  productToFormValues,
  serverFieldErrors,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../utils/product-form';
import { failureMessage } from './failure-message';
import { ImagePicker } from './image-picker';

interface ProductFormModalProps {
  /** the product to edit; null or absent for a new one */
  product?: Product | null;
  categories: Category[];
  onHide: () => void;
  onSaved?: (product: Product) => void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * New / Edit Product (SPEC.md "Admin products", section 5): name, description, price, stock,
 * categories (at least one), size, brand, condition, colour, featured, trending and up to 4
 * images, sent as multipart with an upload progress bar. Escape or Cancel closes it (and stops an
 * upload under way).
 */
export function ProductFormModal({ product, categories, onHide, onSaved }: ProductFormModalProps) {
  const editing = product != null;
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToFormValues(product) : emptyProductForm(),
  );
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [loadedStock, setLoadedStock] = useState<number | undefined>(product?.stock_quantity);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [focusTick, setFocusTick] = useState(0);
  const selection = useImageSelection();
  const save = useSaveProduct();
  const upload = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  useEffect(() => () => upload.current?.abort(), []);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const toggleCategory = (categoryId: number, on: boolean) =>
    setValues((v) => ({
      ...v,
      categories: on ? [...v.categories, categoryId] : v.categories.filter((c) => c !== categoryId),
    }));

  const close = () => {
    upload.current?.abort();
    onHide();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const found = validateProductForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusTick((t) => t + 1);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    save.mutate(
      {
        form: productFormData(
          values,
          selection.images.map((i) => i.file),
          { update: editing, expectedStock: loadedStock },
        ),
        productId: product?.id,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        signal: controller.signal,
      },
      {
        onSuccess: (saved) => {
          toast.success(editing ? `“${saved.name}” saved.` : `“${saved.name}” added to the shop.`);
          onSaved?.(saved);
          onHide();
        },
        onError: (err) => {
          if (isAbort(err)) return;
          setSaveError(failureMessage('Save failed', err));
          if (err instanceof ApiError) {
            setErrors(serverFieldErrors(err.body.errors));
            setFocusTick((t) => t + 1);
            // a sale moved the stock while the form was open: show the new value and load it
            const current = (err.body as { current_stock?: unknown }).current_stock;
            if (err.status === 409 && typeof current === 'number') {
              setLoadedStock(current);
              set('stock_quantity', String(current));
            }
          }
        },
      },
    );
  };

  const saving = save.isPending;
  const field = (name: keyof ProductFormValues) => ({
    isInvalid: errors[name] !== undefined,
    'aria-invalid': errors[name] !== undefined || undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const feedback = (name: keyof ProductFormValues) => (
    <Form.Control.Feedback type="invalid" id={`${id}-${name}-error`}>
      {errors[name]}
    </Form.Control.Feedback>
  );

  return (
    <Modal show onHide={close} size="lg" aria-labelledby={`${id}-title`} backdrop={saving ? 'static' : true}>
      <Form noValidate onSubmit={submit} ref={formRef}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {editing ? `Edit Product: ${product.name}` : 'New Product'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {saveError && (
            <Alert variant="danger" role="alert">
              {saveError}
            </Alert>
          )}
          <fieldset disabled={saving}>
            <Form.Group className="mb-3" controlId={`${id}-name`}>
              <Form.Label>Name</Form.Label>
              <Form.Control
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                required
                maxLength={255}
                {...field('name')}
              />
              {feedback('name')}
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${id}-description`}>
              <Form.Label>Description</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
                maxLength={5000}
                {...field('description')}
              />
              {feedback('description')}
            </Form.Group>
            <Row>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-price`}>
                <Form.Label>Price (Ksh)</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.01"
                  value={values.price}
                  onChange={(e) => set('price', e.target.value)}
                  required
                  {...field('price')}
                />
                {feedback('price')}
              </Form.Group>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-stock`}>
                <Form.Label>Stock quantity</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="0"
                  value={values.stock_quantity}
                  onChange={(e) => set('stock_quantity', e.target.value)}
                  required
                  {...field('stock_quantity')}
                />
                {feedback('stock_quantity')}
              </Form.Group>
            </Row>

            <fieldset
              className="mb-3"
              aria-required="true"
              aria-invalid={errors.categories !== undefined}
              aria-describedby={errors.categories ? `${id}-categories-error` : undefined}
              tabIndex={errors.categories ? -1 : undefined}
            >
              <legend className="form-label fs-6 mb-1">Categories (at least one)</legend>
              {categories.length === 0 ? (
                <p className="text-muted small mb-0">No categories yet. Add one in the Categories box first.</p>
              ) : (
                <div className="d-flex flex-wrap gap-3">
                  {categories.map((category) => (
                    <Form.Check
                      key={category.id}
                      id={`${id}-category-${category.id}`}
                      type="checkbox"
                      label={category.name}
                      checked={values.categories.includes(category.id)}
                      onChange={(e) => toggleCategory(category.id, e.target.checked)}
                    />
                  ))}
                </div>
              )}
              {errors.categories && (
                <div className="invalid-feedback d-block" id={`${id}-categories-error`}>
                  {errors.categories}
                </div>
              )}
            </fieldset>

            <Row>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-size`}>
                <Form.Label>Size</Form.Label>
                <Form.Control
                  value={values.size}
                  onChange={(e) => set('size', e.target.value)}
                  maxLength={50}
                  {...field('size')}
                />
                {feedback('size')}
              </Form.Group>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-brand`}>
                <Form.Label>Brand</Form.Label>
                <Form.Control
                  value={values.brand}
                  onChange={(e) => set('brand', e.target.value)}
                  maxLength={100}
                  {...field('brand')}
                />
                {feedback('brand')}
              </Form.Group>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-condition`}>
                <Form.Label>Condition</Form.Label>
                <Form.Select
                  value={values.condition}
                  onChange={(e) => set('condition', e.target.value)}
                  {...field('condition')}
                >
                  <option value="">Not stated</option>
                  {PRODUCT_CONDITIONS.map((condition) => (
                    <option key={condition} value={condition}>
                      {statusLabel(condition)}
                    </option>
                  ))}
                </Form.Select>
                {feedback('condition')}
              </Form.Group>
              <Form.Group as={Col} sm={6} className="mb-3" controlId={`${id}-color`}>
                <Form.Label>Colour</Form.Label>
                <Form.Control
                  value={values.color}
                  onChange={(e) => set('color', e.target.value)}
                  maxLength={50}
                  {...field('color')}
                />
                {feedback('color')}
              </Form.Group>
            </Row>
            <div className="d-flex flex-wrap gap-4 mb-3">
              <Form.Check
                type="switch"
                id={`${id}-featured`}
                label="Featured (shown on the home page)"
                checked={values.is_featured}
                onChange={(e) => set('is_featured', e.target.checked)}
              />
              <Form.Check
                type="switch"
                id={`${id}-trending`}
                label="Trending"
                checked={values.is_trending}
                onChange={(e) => set('is_trending', e.target.checked)}
              />
            </div>

            <ImagePicker
              selection={selection}
              existing={product?.images}
              disabled={saving}
              serverError={errors.images}
            />
          </fieldset>

          {saving && (
            <div className="mt-3">
              <div className="small mb-1" id={`${id}-progress`}>
                {selection.images.length > 0 ? 'Uploading images…' : 'Saving…'}
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-labelledby={`${id}-progress`}
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className="progress-bar progress-bar-striped progress-bar-animated"
                  style={{ width: `${progress}%` }}
                >
                  {progress}%
                </div>
              </div>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : editing ? 'Save changes' : 'Add product'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
