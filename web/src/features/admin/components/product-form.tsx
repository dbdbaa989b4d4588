import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { PRODUCT_CONDITIONS } from '@mtumba/contract/constants';
import { statusLabel } from '@mtumba/contract/order-states';
import type { Category, Product } from '@mtumba/contract/product';
import { ApiError } from '@/lib/api-client';
import { useSaveProduct } from '../api/save-product';
import { useImageSelection, type ImageSelection } from '../hooks/use-image-selection';
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
import { StockMovements } from './stock-movements';

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The largest width the server made of an image (its srcset), else its URL. */
function largestImageUrl(image: { image_url: string; srcset?: string | null }): string {
  const candidates = (image.srcset ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([url, width]) => url && width?.endsWith('w'))
    .sort((a, b) => parseInt(b[1]) - parseInt(a[1]));
  return candidates[0]?.[0] ?? image.image_url;
}

/**
 * Editing: the product's current pictures join the selection as files, so each one can be removed
 * or moved like a new one. Returns the keys of the seeded selection (to tell later whether the
 * admin changed it), or null when they could not be loaded (the set is then kept as it is).
 */
function useSeededImages(product: Product | null | undefined, selection: ImageSelection) {
  const [seeded, setSeeded] = useState<string[] | null | 'loading'>(product?.images.length ? 'loading' : []);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !product?.images.length) return;
    started.current = true;
    let cancelled = false;
    (async () => {
      try {
        const files = await Promise.all(
          product.images.map(async (image, i) => {
            const res = await fetch(largestImageUrl(image));
            const type = res.headers.get('content-type') ?? '';
            if (!res.ok || !type.startsWith('image/')) throw new Error('not an image');
            const blob = await res.blob();
            return new File([blob], `current-${i + 1}.${type.split('/')[1] ?? 'webp'}`, { type });
          }),
        );
        if (cancelled) return;
        selection.add(files);
        setSeeded(null);
      } catch {
        if (!cancelled) setSeeded(null);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [product, selection]);
  return seeded;
}

export interface ProductFormProps {
  /** the product to edit; null or absent for a new one */
  product?: Product | null;
  categories: Category[];
  /** a note in place of the category chips (e.g. they failed to load) */
  categoriesNote?: string;
  onSaved: (product: Product) => void;
  onCancel?: () => void;
  submitLabel: string;
  /** lays out the fields and the buttons (the dialog puts them in its body and footer) */
  layout?: (fields: ReactNode, buttons: ReactNode) => ReactNode;
  /** told while an upload runs, so a dialog can refuse to close */
  onBusyChange?: (busy: boolean) => void;
  /** aborts an upload under way when set */
  abortRef?: React.MutableRefObject<(() => void) | null>;
}

/**
 * The one admin product form (the New / Edit Product dialog and /add-product): name, description,
 * price and compare-at price, stock, categories as chips, size, brand, condition, colour, featured,
 * trending and up to 4 images (camera or files), sent as multipart with upload progress. An error
 * leaves its field as soon as the field is changed.
 */
export function ProductForm({
  product,
  categories,
  categoriesNote,
  onSaved,
  onCancel,
  submitLabel,
  layout = (fields, buttons) => (
    <>
      {fields}
      <div className="d-flex flex-wrap gap-2 mt-3">{buttons}</div>
    </>
  ),
  onBusyChange,
  abortRef,
}: ProductFormProps) {
  const editing = product != null;
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToFormValues(product) : emptyProductForm(),
  );
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [focusTick, setFocusTick] = useState(0);
  const selection = useImageSelection();
  const seeded = useSeededImages(product, selection);
  const initialKeys = useRef<string[] | null>(null);
  const [loadedStock, setLoadedStock] = useState(product?.stock_quantity);
  const save = useSaveProduct();
  const upload = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // Once the current pictures are in the selection, remember it as it was.
  useEffect(() => {
    if (seeded === null && initialKeys.current === null) initialKeys.current = selection.images.map((i) => i.key);
  }, [seeded, selection.images]);

  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  useEffect(() => {
    if (abortRef) abortRef.current = () => upload.current?.abort();
    return () => upload.current?.abort();
  }, [abortRef]);

  useEffect(() => onBusyChange?.(save.isPending), [save.isPending, onBusyChange]);

  const forget = (key: keyof ProductFormErrors) =>
    setErrors((e) => {
      if (e[key] === undefined) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    forget(key);
  };

  const toggleCategory = (categoryId: number, on: boolean) => {
    setValues((v) => ({
      ...v,
      categories: on ? [...v.categories, categoryId] : v.categories.filter((c) => c !== categoryId),
    }));
    forget('categories');
  };

  const imagesChanged = () => {
    const keys = selection.images.map((i) => i.key);
    if (!editing) return true;
    return initialKeys.current === null ? keys.length > 0 : keys.join() !== initialKeys.current.join();
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
    const sendImages = imagesChanged();
    save.mutate(
      {
        form: productFormData(values, sendImages ? selection.images.map((i) => i.file) : [], {
          update: editing,
          expectedStock: editing ? loadedStock : undefined,
        }),
        productId: product?.id,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        signal: controller.signal,
      },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (err) => {
          if (isAbort(err)) return;
          const body = err instanceof ApiError ? (err.body as ApiError['body'] & { current_stock?: number }) : null;
          if (err instanceof ApiError && err.status === 409 && typeof body?.current_stock === 'number') {
            // Someone bought (or restocked) meanwhile: show the stock as it is now and let the admin decide.
            const now = body.current_stock;
            setSaveError(body.message ?? `Stock changed while you were editing: now ${now}`);
            setValues((v) => ({ ...v, stock_quantity: String(now) }));
            setLoadedStock(now);
            return;
          }
          setSaveError(failureMessage('Save failed', err));
          if (err instanceof ApiError) {
            setErrors(serverFieldErrors(err.body.errors));
            setFocusTick((t) => t + 1);
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

  const buttons = (
    <>
      {onCancel && (
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : submitLabel}
      </Button>
    </>
  );

  return (
    <Form noValidate onSubmit={submit} ref={formRef} className="product-form">
      {layout(
        <>
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
              <Form.Group as={Col} xs={6} sm={4} className="mb-3" controlId={`${id}-price`}>
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
              <Form.Group as={Col} xs={6} sm={4} className="mb-3" controlId={`${id}-compare`}>
                <Form.Label>Was (Ksh)</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.01"
                  value={values.compare_at_price}
                  onChange={(e) => set('compare_at_price', e.target.value)}
                  placeholder="Not reduced"
                  {...field('compare_at_price')}
                  aria-describedby={`${id}-compare-help${errors.compare_at_price ? ` ${id}-compare_at_price-error` : ''}`}
                />
                <Form.Text id={`${id}-compare-help`}>Above the price: shown as a Hot Deal.</Form.Text>
                {feedback('compare_at_price')}
              </Form.Group>
              <Form.Group as={Col} xs={6} sm={4} className="mb-3" controlId={`${id}-stock`}>
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
              aria-invalid={errors.categories !== undefined}
              aria-describedby={errors.categories ? `${id}-categories-error` : undefined}
              tabIndex={errors.categories ? -1 : undefined}
            >
              <legend className="form-label fs-6 mb-1">Categories (at least one)</legend>
              {categoriesNote ? (
                <p className="text-body-secondary small mb-0">{categoriesNote}</p>
              ) : categories.length === 0 ? (
                <p className="text-body-secondary small mb-0">
                  No categories yet. Add one in the Categories box first.
                </p>
              ) : (
                <div className="choice-chips">
                  {categories.map((category) => (
                    <label key={category.id} className="choice-chip">
                      <input
                        type="checkbox"
                        checked={values.categories.includes(category.id)}
                        onChange={(e) => toggleCategory(category.id, e.target.checked)}
                      />
                      <span>{category.name}</span>
                    </label>
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
              <Form.Group as={Col} xs={6} className="mb-3" controlId={`${id}-size`}>
                <Form.Label>Size</Form.Label>
                <Form.Control
                  value={values.size}
                  onChange={(e) => set('size', e.target.value)}
                  maxLength={50}
                  placeholder="M, 32, 5-6Y"
                  {...field('size')}
                />
                {feedback('size')}
              </Form.Group>
              <Form.Group as={Col} xs={6} className="mb-3" controlId={`${id}-brand`}>
                <Form.Label>Brand</Form.Label>
                <Form.Control
                  value={values.brand}
                  onChange={(e) => set('brand', e.target.value)}
                  maxLength={100}
                  {...field('brand')}
                />
                {feedback('brand')}
              </Form.Group>
              <Form.Group as={Col} xs={6} className="mb-3" controlId={`${id}-condition`}>
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
              <Form.Group as={Col} xs={6} className="mb-3" controlId={`${id}-color`}>
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
              <Form.Check
                type="switch"
                id={`${id}-negotiable`}
                label="Takes offers (Make an offer)"
                checked={values.negotiable}
                onChange={(e) => set('negotiable', e.target.checked)}
              />
            </div>

            <ImagePicker
              selection={selection}
              existing={selection.images.length === 0 ? product?.images : undefined}
              loadingExisting={seeded === 'loading'}
              disabled={saving}
              serverError={errors.images}
              onChange={() => forget('images')}
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
          {editing && <StockMovements productId={product.id} />}
        </>,
        buttons,
      )}
    </Form>
  );
}
