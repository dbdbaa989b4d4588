import { MEASUREMENT_KEYS, productFieldsSchema, type MeasurementKey, type Product } from '@mtumba/contract/product';

/** What the admin product form holds while it is being edited: text as typed, ids as numbers. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  /** the price before a reduction; blank when the item is not reduced */
  compare_at_price: string;
  stock_quantity: string;
  categories: number[];
  size: string;
  brand: string;
  condition: string;
  color: string;
  is_featured: boolean;
  is_trending: boolean;
  /** takes price offers (docs/product.md, Make an offer) */
  negotiable: boolean;
  /** cm as typed, blank when not measured */
  measurements: Record<MeasurementKey, string>;
  /** flaws a buyer should know about */
  flaws: string;
}

const blankMeasurements = () =>
  Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, ''])) as Record<MeasurementKey, string>;

export type ProductFormErrors = Partial<Record<keyof ProductFormValues | 'images', string>>;

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    price: '',
    compare_at_price: '',
    stock_quantity: '',
    categories: [],
    size: '',
    brand: '',
    condition: '',
    color: '',
    is_featured: false,
    is_trending: false,
    negotiable: false,
    measurements: blankMeasurements(),
    flaws: '',
  };
}

export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    price: String(product.price),
    compare_at_price: product.compare_at_price == null ? '' : String(product.compare_at_price),
    stock_quantity: String(product.stock_quantity),
    categories: product.categories.map((c) => c.id),
    size: product.size ?? '',
    brand: product.brand ?? '',
    condition: product.condition ?? '',
    color: product.color ?? '',
    is_featured: product.is_featured,
    is_trending: product.is_trending,
    negotiable: product.negotiable ?? false,
    measurements: Object.fromEntries(
      MEASUREMENT_KEYS.map((k) => [k, product.measurements?.[k] === undefined ? '' : String(product.measurements[k])]),
    ) as Record<MeasurementKey, string>,
    flaws: product.flaws ?? '',
  };
}

/**
 * Checks the form with the very schema the server uses, so the admin sees the same messages
 * before sending: name, price (more than 0, 2 decimals), stock and at least one category.
 */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const result = productFieldsSchema.safeParse(values);
  const errors: ProductFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name') as keyof ProductFormErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Server field errors (`{ field: [messages] }`, `categories.0` style names too) → one message per form field. */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): ProductFormErrors {
  const out: ProductFormErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.replace(/\[\d*\]$/, '').split('.')[0] as keyof ProductFormErrors;
    if (messages[0]) out[field] ??= messages[0];
  }
  return out;
}

/**
 * The multipart body of POST /products (and of the update, with `_method=PUT`): repeated
 * `categories[]` and `images[]`, flags as 1/0. Images are sent in the order given (the first one
 * is the product's main picture).
 */
export function productFormData(
  values: ProductFormValues,
  images: File[],
  options: { update?: boolean; expectedStock?: number } = {},
): FormData {
  const form = new FormData();
  if (options.update) form.append('_method', 'PUT');
  // The stock the form loaded: the server refuses the edit (409) if it moved meanwhile.
  if (options.expectedStock !== undefined) form.append('expected_stock', String(options.expectedStock));
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('price', values.price.trim());
  form.append('compare_at_price', values.compare_at_price.trim());
  form.append('stock_quantity', values.stock_quantity.trim());
  for (const id of values.categories) form.append('categories[]', String(id));
  form.append('size', values.size.trim());
  form.append('brand', values.brand.trim());
  form.append('condition', values.condition);
  form.append('color', values.color.trim());
  form.append('is_featured', values.is_featured ? '1' : '0');
  form.append('is_trending', values.is_trending ? '1' : '0');
  form.append('negotiable', values.negotiable ? '1' : '0');
  // Measurements as JSON text (blank ones left out; none clears them), flaws as text.
  const measured = Object.entries(values.measurements ?? {}).filter(([, v]) => v.trim() !== '');
  form.append('measurements', JSON.stringify(Object.fromEntries(measured.map(([k, v]) => [k, v.trim()]))));
  form.append('flaws', (values.flaws ?? '').trim());
  for (const image of images) form.append('images[]', image, image.name);
  return form;
}
