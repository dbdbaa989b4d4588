import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { PRODUCT_CONDITIONS } from '@mtumba/contract/constants';
import {
  defaultItemDescription,
  defaultItemName,
  formatNairobi,
  isoToNairobi,
  nairobiToIso,
  PUBLISH_AT_REQUIRED,
  type ProductStatus,
} from '@mtumba/contract/listing';
import type { Category, Product } from '@mtumba/contract/product';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSaveProduct } from '../api/save-product';
import { useImageSelection } from '../hooks/use-image-selection';
import {
  emptyProductForm,
  productFormData,
  serverFieldErrors,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../utils/product-form';
import { failureMessage } from './failure-message';
import { ImagePicker } from './image-picker';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const WHEN: { value: ProductStatus; label: string }[] = [
  { value: 'published', label: 'Publish now' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Schedule drop' },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Tomorrow 10:00 in Nairobi: a sensible first guess for a drop. */
function nextDrop(): { date: string; time: string } {
  const { date } = isoToNairobi(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
  return { date, time: '10:00' };
}

function blankItem(keep?: Pick<ProductFormValues, 'categories' | 'size'>): ProductFormValues {
  return { ...emptyProductForm(), stock_quantity: '1', categories: keep?.categories ?? [], size: keep?.size ?? '' };
}

export interface NewItemFormProps {
  categories: Category[];
  categoriesNote?: string;
  /** told after every save (the page refreshes the shop's lists) */
  onSaved?: (product: Product) => void;
}

/**
 * "New item" (docs/product.md section 10), made for a phone at 360 px: photos from the camera, price,
 * size, condition, brand, colour and category chips; name and description may stay blank and are
 * then made from the attributes. Save publishes now, keeps a draft or schedules a drop (Nairobi
 * time). "Save and add another" starts a fresh item keeping the category, size and timing.
 * Sends the same multipart form as the product dialog (POST /products).
 */
export function NewItemForm({ categories, categoriesNote, onSaved }: NewItemFormProps) {
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(() => blankItem());
  const [when, setWhen] = useState<ProductStatus>('published');
  const [drop, setDrop] = useState(nextDrop);
  const [errors, setErrors] = useState<ProductFormErrors & { publish_at?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ product: Product; text: string } | null>(null);
  const [round, setRound] = useState(0);
  const [progress, setProgress] = useState(0);
  const selection = useImageSelection();
  const save = useSaveProduct();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const firstCategory = categories.find((c) => values.categories.includes(c.id))?.name ?? null;
  const attributes = {
    brand: values.brand,
    color: values.color,
    size: values.size,
    condition: values.condition || null,
    category: firstCategory,
  };
  const suggestedName = defaultItemName(attributes);

  const submit = (addAnother: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    setSaveError(null);
    const filled: ProductFormValues = {
      ...values,
      name: values.name.trim() || suggestedName,
      description: values.description.trim() || defaultItemDescription(attributes),
    };
    const found: ProductFormErrors & { publish_at?: string } = validateProductForm(filled);
    const publishAt = when === 'scheduled' ? nairobiToIso(drop.date, drop.time) : null;
    if (when === 'scheduled' && !publishAt) found.publish_at = PUBLISH_AT_REQUIRED;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFocusTick((t) => t + 1);
      return;
    }
    const form = productFormData(
      filled,
      selection.images.map((i) => i.file),
    );
    form.append('status', when);
    if (publishAt) form.append('publish_at', publishAt);
    setProgress(0);
    save.mutate(
      { form, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      {
        onSuccess: (product) => {
          const text =
            product.status === 'draft'
              ? 'Saved as a draft'
              : product.status === 'scheduled' && product.publish_at
                ? `Scheduled for ${formatNairobi(product.publish_at)}`
                : 'Listed and on sale';
          setSaved({ product, text });
          onSaved?.(product);
          selection.clear();
          setValues(addAnother ? blankItem({ categories: values.categories, size: values.size }) : blankItem());
          if (!addAnother) {
            setWhen('published');
            setDrop(nextDrop());
          }
          setRound((r) => r + 1);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
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
  const invalid = (name: keyof ProductFormValues | 'publish_at') => ({
    isInvalid: errors[name] !== undefined,
    'aria-invalid': errors[name] !== undefined || undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const feedback = (name: keyof ProductFormValues | 'publish_at') =>
    errors[name] ? (
      <Form.Control.Feedback type="invalid" id={`${id}-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    ) : null;
  const saveLabel = when === 'draft' ? 'Save draft' : when === 'scheduled' ? 'Schedule' : 'Publish';

  return (
    <Form noValidate ref={formRef} onSubmit={submit(false)} className="new-item-form">
      {saved && (
        <Alert variant="success" role="status" className="d-flex flex-wrap gap-2 align-items-center">
          <span>
            {saved.text}: <strong>{saved.product.name}</strong>
          </span>
          <Link to={paths.product(saved.product.id)} className="alert-link">
            View
          </Link>
        </Alert>
      )}
      {saveError && (
        <Alert variant="danger" role="alert">
          {saveError}
        </Alert>
      )}
      <fieldset disabled={saving}>
        <ImagePicker key={round} selection={selection} disabled={saving} serverError={errors.images} />

        <Form.Group className="mb-3" controlId={`${id}-price`}>
          <Form.Label>Price (Ksh)</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            size="lg"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            required
            {...invalid('price')}
          />
          {feedback('price')}
        </Form.Group>

        <fieldset
          className="mb-3"
          aria-invalid={errors.categories !== undefined}
          aria-describedby={errors.categories ? `${id}-categories-error` : undefined}
          tabIndex={errors.categories ? -1 : undefined}
        >
          <legend className="form-label fs-6 mb-1">Category</legend>
          {categoriesNote ? (
            <p className="text-body-secondary small mb-0">{categoriesNote}</p>
          ) : (
            <div className="choice-chips">
              {categories.map((category) => (
                <label key={category.id} className="choice-chip">
                  <input
                    type="checkbox"
                    checked={values.categories.includes(category.id)}
                    onChange={(e) =>
                      set(
                        'categories',
                        e.target.checked
                          ? [...values.categories, category.id]
                          : values.categories.filter((c) => c !== category.id),
                      )
                    }
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

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Size</legend>
          <div className="choice-chips mb-2">
            {SIZES.map((size) => (
              <label key={size} className="choice-chip">
                <input
                  type="radio"
                  name={`${id}-size-chip`}
                  checked={values.size === size}
                  onChange={() => set('size', size)}
                />
                <span>{size}</span>
              </label>
            ))}
          </div>
          <Form.Label htmlFor={`${id}-size`} className="visually-hidden">
            Size
          </Form.Label>
          <Form.Control
            id={`${id}-size`}
            value={values.size}
            onChange={(e) => set('size', e.target.value)}
            maxLength={50}
            placeholder="Or type one: 32, 5-6Y, 42 EU"
            {...invalid('size')}
          />
          {feedback('size')}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Condition</legend>
          <div className="choice-chips">
            {PRODUCT_CONDITIONS.map((condition) => (
              <label key={condition} className="choice-chip">
                <input
                  type="radio"
                  name={`${id}-condition`}
                  checked={values.condition === condition}
                  onChange={() => set('condition', condition)}
                />
                <span>{capitalise(condition)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="row g-2">
          <Form.Group className="col-6 mb-3" controlId={`${id}-brand`}>
            <Form.Label>Brand</Form.Label>
            <Form.Control
              value={values.brand}
              onChange={(e) => set('brand', e.target.value)}
              maxLength={100}
              autoCapitalize="words"
              {...invalid('brand')}
            />
            {feedback('brand')}
          </Form.Group>
          <Form.Group className="col-6 mb-3" controlId={`${id}-color`}>
            <Form.Label>Colour</Form.Label>
            <Form.Control
              value={values.color}
              onChange={(e) => set('color', e.target.value)}
              maxLength={50}
              {...invalid('color')}
            />
            {feedback('color')}
          </Form.Group>
        </div>

        <Form.Group className="mb-3" controlId={`${id}-name`}>
          <Form.Label>Name (optional)</Form.Label>
          <Form.Control
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={255}
            placeholder={suggestedName}
            {...invalid('name')}
            aria-describedby={`${id}-name-help${errors.name ? ` ${id}-name-error` : ''}`}
          />
          <Form.Text id={`${id}-name-help`}>Left blank: “{suggestedName}”.</Form.Text>
          {feedback('name')}
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-description`}>
          <Form.Label>Description (optional)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={5000}
            placeholder={defaultItemDescription(attributes)}
            {...invalid('description')}
          />
          {feedback('description')}
        </Form.Group>

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">When</legend>
          <div className="choice-chips">
            {WHEN.map((option) => (
              <label key={option.value} className="choice-chip">
                <input
                  type="radio"
                  name={`${id}-when`}
                  checked={when === option.value}
                  onChange={() => setWhen(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {when === 'scheduled' && (
            <div className="row g-2 mt-1">
              <Form.Group className="col-7" controlId={`${id}-drop-date`}>
                <Form.Label>Date</Form.Label>
                <Form.Control
                  type="date"
                  value={drop.date}
                  onChange={(e) => setDrop((d) => ({ ...d, date: e.target.value }))}
                  {...invalid('publish_at')}
                />
              </Form.Group>
              <Form.Group className="col-5" controlId={`${id}-drop-time`}>
                <Form.Label>Time</Form.Label>
                <Form.Control
                  type="time"
                  value={drop.time}
                  onChange={(e) => setDrop((d) => ({ ...d, time: e.target.value }))}
                  {...invalid('publish_at')}
                />
              </Form.Group>
              <div className="col-12">
                <Form.Text>Nairobi time. Subscribers get one e-mail when the drop goes live.</Form.Text>
                {errors.publish_at && (
                  <div className="invalid-feedback d-block" id={`${id}-publish_at-error`}>
                    {errors.publish_at}
                  </div>
                )}
              </div>
            </div>
          )}
        </fieldset>
      </fieldset>

      {saving && (
        <div className="mb-3">
          <div className="small mb-1" id={`${id}-progress`}>
            {selection.images.length > 0 ? 'Uploading photos…' : 'Saving…'}
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-labelledby={`${id}-progress`}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      <div className="d-grid gap-2">
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
        <Button variant="outline-primary" size="lg" disabled={saving} onClick={() => submit(true)()}>
          Save and add another
        </Button>
      </div>
    </Form>
  );
}
