import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from '@/components/ui/link';
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
import { useSaveProduct } from '../api/save-product';
import { useImageSelection } from '../hooks/use-image-selection';
import {
  emptyProductForm,
  productFormData,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../utils/product-form';
import { ImagePicker } from './image-picker';
import { CategoryChips, MONEY_INPUT, ProductTextField, UploadProgress, useProductFormState } from './product-fields';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) => ({ value: size, label: size }));
const WHEN: { value: ProductStatus; label: string }[] = [
  { value: 'published', label: 'Publish now' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Schedule drop' },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const CONDITIONS = PRODUCT_CONDITIONS.map((condition) => ({ value: condition, label: capitalise(condition) }));

/** Tomorrow 10:00 in Nairobi: a sensible first guess for a drop. */
function nextDrop(): { date: string; time: string } {
  const { date } = isoToNairobi(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
  return { date, time: '10:00' };
}

function blankItem(keep?: Pick<ProductFormValues, 'categories' | 'size' | 'negotiable'>): ProductFormValues {
  return {
    ...emptyProductForm(),
    stock_quantity: '1',
    categories: keep?.categories ?? [],
    size: keep?.size ?? '',
    negotiable: keep?.negotiable ?? false,
  };
}

interface RadioChipsProps<T extends string> {
  name: string;
  options: readonly { value: T; label: string }[];
  value: string;
  onChange: (value: T) => void;
  className?: string;
}

/** One choice out of a few, as chips. */
function RadioChips<T extends string>({
  name,
  options,
  value,
  onChange,
  className = 'choice-chips',
}: RadioChipsProps<T>) {
  return (
    <div className={className}>
      {options.map((option) => (
        <label key={option.value} className="choice-chip">
          <input type="radio" name={name} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
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
 * then made from the attributes; "Takes offers" lets shoppers make an offer. Save publishes now,
 * keeps a draft or schedules a drop (Nairobi time). "Save and add another" starts a fresh item
 * keeping the category, size, offers switch and timing.
 * Sends the same multipart form as the product dialog (POST /products).
 */
export function NewItemForm({ categories, categoriesNote, onSaved }: NewItemFormProps) {
  const form = useProductFormState<'publish_at'>(() => blankItem());
  const { id, values, set, errors } = form;
  const [when, setWhen] = useState<ProductStatus>('published');
  const [drop, setDrop] = useState(nextDrop);
  const [saved, setSaved] = useState<{ product: Product; text: string } | null>(null);
  const [round, setRound] = useState(0);
  const selection = useImageSelection();
  const save = useSaveProduct();
  /** waiting for photos still being made smaller before the save is sent */
  const [preparing, setPreparing] = useState(false);

  const firstCategory = categories.find((c) => values.categories.includes(c.id))?.name ?? null;
  const attributes = {
    brand: values.brand,
    color: values.color,
    size: values.size,
    condition: values.condition || null,
    category: firstCategory,
  };
  const suggestedName = defaultItemName(attributes);

  const submit = (addAnother: boolean) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (preparing) return;
    form.setSaveError(null);
    const filled: ProductFormValues = {
      ...values,
      name: values.name.trim() || suggestedName,
      description: values.description.trim() || defaultItemDescription(attributes),
    };
    const found: ProductFormErrors & { publish_at?: string } = validateProductForm(filled);
    const publishAt = when === 'scheduled' ? nairobiToIso(drop.date, drop.time) : null;
    if (when === 'scheduled' && !publishAt) found.publish_at = PUBLISH_AT_REQUIRED;
    if (!form.accept(found)) return;
    setPreparing(true);
    const photos = await selection.files();
    setPreparing(false);
    const body = productFormData(filled, photos);
    body.append('status', when);
    if (publishAt) body.append('publish_at', publishAt);
    save.mutate(
      { form: body, onProgress: form.trackProgress() },
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
          form.setValues(
            addAnother
              ? blankItem({ categories: values.categories, size: values.size, negotiable: values.negotiable })
              : blankItem(),
          );
          if (!addAnother) {
            setWhen('published');
            setDrop(nextDrop());
          }
          setRound((r) => r + 1);
          window.scrollTo({ top: 0 });
        },
        onError: form.showFailure,
      },
    );
  };

  const saving = save.isPending || preparing;
  const saveLabel = when === 'draft' ? 'Save draft' : when === 'scheduled' ? 'Schedule' : 'Publish';

  return (
    <Form noValidate ref={form.formRef} onSubmit={(event) => void submit(false)(event)} className="new-item-form">
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
      {form.saveError && (
        <Alert variant="danger" role="alert">
          {form.saveError}
        </Alert>
      )}
      <fieldset disabled={saving}>
        <ImagePicker
          key={round}
          selection={selection}
          disabled={saving}
          serverError={errors.images}
          upload={save.isPending && selection.images.length > 0 ? form.progress / 100 : undefined}
        />

        <ProductTextField form={form} name="price" label="Price (Ksh)" {...MONEY_INPUT} size="lg" required />

        <CategoryChips form={form} categories={categories} legend="Category" note={categoriesNote} />

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Size</legend>
          <RadioChips
            name={`${id}-size-chip`}
            options={SIZES}
            value={values.size}
            onChange={(size) => set('size', size)}
            className="choice-chips mb-2"
          />
          <Form.Label htmlFor={`${id}-size`} className="visually-hidden">
            Size
          </Form.Label>
          <Form.Control
            id={`${id}-size`}
            value={values.size}
            onChange={(e) => set('size', e.target.value)}
            maxLength={50}
            placeholder="Or type one: 32, 5-6Y, 42 EU"
            {...form.invalid('size')}
          />
          {form.feedback('size')}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Condition</legend>
          <RadioChips
            name={`${id}-condition`}
            options={CONDITIONS}
            value={values.condition}
            onChange={(condition) => set('condition', condition)}
          />
        </fieldset>

        <div className="row g-2">
          <ProductTextField
            form={form}
            name="brand"
            label="Brand"
            groupClassName="col-6 mb-3"
            maxLength={100}
            autoCapitalize="words"
          />
          <ProductTextField form={form} name="color" label="Colour" groupClassName="col-6 mb-3" maxLength={50} />
        </div>

        <Form.Check
          type="switch"
          id={`${id}-negotiable`}
          className="mb-3"
          label="Takes offers (shoppers may make an offer)"
          checked={values.negotiable}
          onChange={(e) => set('negotiable', e.target.checked)}
        />

        <ProductTextField
          form={form}
          name="name"
          label="Name (optional)"
          maxLength={255}
          placeholder={suggestedName}
          help={`Left blank: “${suggestedName}”.`}
        />
        <ProductTextField
          form={form}
          name="description"
          label="Description (optional)"
          as="textarea"
          rows={2}
          maxLength={5000}
          placeholder={defaultItemDescription(attributes)}
        />

        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">When</legend>
          <RadioChips name={`${id}-when`} options={WHEN} value={when} onChange={setWhen} />
          {when === 'scheduled' && (
            <div className="row g-2 mt-1">
              <Form.Group className="col-7" controlId={`${id}-drop-date`}>
                <Form.Label>Date</Form.Label>
                <Form.Control
                  type="date"
                  value={drop.date}
                  onChange={(e) => setDrop((d) => ({ ...d, date: e.target.value }))}
                  {...form.invalid('publish_at')}
                />
              </Form.Group>
              <Form.Group className="col-5" controlId={`${id}-drop-time`}>
                <Form.Label>Time</Form.Label>
                <Form.Control
                  type="time"
                  value={drop.time}
                  onChange={(e) => setDrop((d) => ({ ...d, time: e.target.value }))}
                  {...form.invalid('publish_at')}
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
        <UploadProgress
          id={id}
          progress={form.progress}
          label={preparing ? 'Making photos smaller…' : selection.images.length > 0 ? 'Uploading photos…' : 'Saving…'}
          className="mb-3"
        />
      )}
      <div className="d-grid gap-2">
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
        <Button variant="outline-primary" size="lg" disabled={saving} onClick={() => void submit(true)()}>
          Save and add another
        </Button>
      </div>
    </Form>
  );
}
