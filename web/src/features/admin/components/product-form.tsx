import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { ProductMeasurementFields } from './product-measurements';
import { emptyProductForm, productFormData, productToFormValues, validateProductForm } from '../utils/product-form';
import { ImagePicker } from './image-picker';
import { CategoryChips, MONEY_INPUT, ProductTextField, UploadProgress, useProductFormState } from './product-fields';
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
  const form = useProductFormState(() => (product ? productToFormValues(product) : emptyProductForm()));
  const { id, values, set } = form;
  const selection = useImageSelection();
  const seeded = useSeededImages(product, selection);
  const initialKeys = useRef<string[] | null>(null);
  const [loadedStock, setLoadedStock] = useState(product?.stock_quantity);
  const save = useSaveProduct();
  const upload = useRef<AbortController | null>(null);
  /** waiting for photos still being made smaller before the save is sent */
  const [preparing, setPreparing] = useState(false);

  // Once the current pictures are in the selection, remember it as it was.
  useEffect(() => {
    if (seeded === null && initialKeys.current === null) initialKeys.current = selection.images.map((i) => i.key);
  }, [seeded, selection.images]);

  useEffect(() => {
    if (abortRef) abortRef.current = () => upload.current?.abort();
    return () => upload.current?.abort();
  }, [abortRef]);

  useEffect(() => onBusyChange?.(save.isPending || preparing), [save.isPending, preparing, onBusyChange]);

  const imagesChanged = () => {
    const keys = selection.images.map((i) => i.key);
    if (!editing) return true;
    return initialKeys.current === null ? keys.length > 0 : keys.join() !== initialKeys.current.join();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (preparing) return;
    form.setSaveError(null);
    if (!form.accept(validateProductForm(values))) return;
    const sendImages = imagesChanged();
    setPreparing(true);
    const photos = sendImages ? await selection.files() : [];
    setPreparing(false);
    const controller = new AbortController();
    upload.current = controller;
    const onProgress = form.trackProgress();
    save.mutate(
      {
        form: productFormData(values, photos, {
          update: editing,
          expectedStock: editing ? loadedStock : undefined,
        }),
        productId: product?.id,
        onProgress,
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
            form.setSaveError(body.message ?? `Stock changed while you were editing: now ${now}`);
            form.setValues((v) => ({ ...v, stock_quantity: String(now) }));
            setLoadedStock(now);
            return;
          }
          form.showFailure(err);
        },
      },
    );
  };

  const saving = save.isPending || preparing;

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
    <Form noValidate onSubmit={(event) => void submit(event)} ref={form.formRef} className="product-form">
      {layout(
        <>
          {form.saveError && (
            <Alert variant="danger" role="alert">
              {form.saveError}
            </Alert>
          )}
          <fieldset disabled={saving}>
            <ProductTextField form={form} name="name" label="Name" required maxLength={255} />
            <ProductTextField
              form={form}
              name="description"
              label="Description"
              as="textarea"
              rows={3}
              maxLength={5000}
            />
            <Row>
              <ProductTextField
                form={form}
                name="price"
                label="Price (Ksh)"
                groupClassName="col-6 col-sm-4 mb-3"
                {...MONEY_INPUT}
                required
              />
              <ProductTextField
                form={form}
                name="compare_at_price"
                idSuffix="compare"
                label="Was (Ksh)"
                groupClassName="col-6 col-sm-4 mb-3"
                {...MONEY_INPUT}
                placeholder="Not reduced"
                help="Above the price: shown as a Hot Deal."
              />
              <ProductTextField
                form={form}
                name="stock_quantity"
                idSuffix="stock"
                label="Stock quantity"
                groupClassName="col-6 col-sm-4 mb-3"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                required
              />
            </Row>

            <CategoryChips
              form={form}
              categories={categories}
              legend="Categories (at least one)"
              note={categoriesNote}
              emptyNote="No categories yet. Add one in the Categories box first."
            />

            <Row>
              <ProductTextField
                form={form}
                name="size"
                label="Size"
                groupClassName="col-6 mb-3"
                maxLength={50}
                placeholder="M, 32, 5-6Y"
              />
              <ProductTextField form={form} name="brand" label="Brand" groupClassName="col-6 mb-3" maxLength={100} />
              <Form.Group as={Col} xs={6} className="mb-3" controlId={`${id}-condition`}>
                <Form.Label>Condition</Form.Label>
                <Form.Select
                  value={values.condition}
                  onChange={(e) => set('condition', e.target.value)}
                  {...form.invalid('condition')}
                >
                  <option value="">Not stated</option>
                  {PRODUCT_CONDITIONS.map((condition) => (
                    <option key={condition} value={condition}>
                      {statusLabel(condition)}
                    </option>
                  ))}
                </Form.Select>
                {form.feedback('condition')}
              </Form.Group>
              <ProductTextField form={form} name="color" label="Colour" groupClassName="col-6 mb-3" maxLength={50} />
            </Row>
            <ProductMeasurementFields form={form} />
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
              serverError={form.errors.images}
              onChange={() => form.forget('images')}
              upload={save.isPending && selection.images.length > 0 ? form.progress / 100 : undefined}
            />
          </fieldset>

          {saving && (
            <UploadProgress
              id={id}
              progress={form.progress}
              label={
                preparing ? 'Making photos smaller…' : selection.images.length > 0 ? 'Uploading images…' : 'Saving…'
              }
              className="mt-3"
              detailed
            />
          )}
          {editing && <StockMovements productId={product.id} />}
        </>,
        buttons,
      )}
    </Form>
  );
}
