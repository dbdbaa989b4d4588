import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { Category } from '@mtumba/contract/product';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, type ProductFormErrors, type ProductFormValues } from '../utils/product-form';
import { failureMessage } from './failure-message';

/** A field of the product form that can carry a message; `Extra` names fields a screen adds. */
export type ProductFieldName<Extra extends string = never> = keyof ProductFormErrors | Extra;

/**
 * The state both product screens (the admin dialog and the phone "New item" screen) keep: the
 * values as typed, one message per field (gone as soon as the field is changed), the save error,
 * the upload progress, and focus moved to the first invalid field after a refused save.
 */
export function useProductFormState<Extra extends string = never>(initial: () => ProductFormValues) {
  type Name = ProductFieldName<Extra>;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const forget = (key: Name) =>
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

  /** Shows the messages found before sending; true when there are none. */
  const accept = (found: Partial<Record<Name, string>>) => {
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    setFocusTick((t) => t + 1);
    return false;
  };

  /** A failed save: its message on top, and the server's field messages at their fields. */
  const showFailure = (err: unknown) => {
    setSaveError(failureMessage('Save failed', err));
    if (err instanceof ApiError) {
      setErrors(serverFieldErrors(err.body.errors) as Partial<Record<Name, string>>);
      setFocusTick((t) => t + 1);
    }
  };

  /** Starts a new upload at 0 % and returns what to tell of its progress. */
  const trackProgress = () => {
    setProgress(0);
    return (fraction: number) => setProgress(Math.round(fraction * 100));
  };

  const errorId = (name: Name) => `${id}-${name}-error`;
  /** The invalid state of a control and the message it is described by. */
  const invalid = (name: Name) => ({
    isInvalid: errors[name] !== undefined,
    'aria-invalid': errors[name] !== undefined || undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });
  const feedback = (name: Name) =>
    errors[name] ? (
      <Form.Control.Feedback type="invalid" id={errorId(name)}>
        {errors[name]}
      </Form.Control.Feedback>
    ) : null;

  return {
    id,
    formRef,
    values,
    setValues,
    errors,
    saveError,
    setSaveError,
    progress,
    set,
    forget,
    toggleCategory,
    accept,
    showFailure,
    trackProgress,
    invalid,
    feedback,
  };
}

export type ProductFormState<Extra extends string = never> = ReturnType<typeof useProductFormState<Extra>>;

type TextFieldName =
  'name' | 'description' | 'price' | 'compare_at_price' | 'stock_quantity' | 'size' | 'brand' | 'color';

type ProductTextFieldProps = Omit<ComponentProps<typeof Form.Control>, 'name' | 'value' | 'onChange' | 'id'> & {
  form: ProductFormState;
  name: TextFieldName;
  label: ReactNode;
  /** the class of the field's group (its column in a row) */
  groupClassName?: string;
  /** the id's ending, when it is not the field's name */
  idSuffix?: string;
  /** a line of help under the control */
  help?: ReactNode;
};

/** One labelled text or number field of the product form, with its help and its message. */
export function ProductTextField({
  form,
  name,
  label,
  groupClassName = 'mb-3',
  idSuffix = name,
  help,
  ...control
}: ProductTextFieldProps) {
  const controlId = `${form.id}-${idSuffix}`;
  const invalid = form.invalid(name);
  const describedBy = help
    ? `${controlId}-help${form.errors[name] ? ` ${invalid['aria-describedby']}` : ''}`
    : invalid['aria-describedby'];
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...control}
        value={form.values[name]}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => form.set(name, e.target.value)}
        {...invalid}
        aria-describedby={describedBy}
      />
      {help && <Form.Text id={`${controlId}-help`}>{help}</Form.Text>}
      {form.feedback(name)}
    </Form.Group>
  );
}

/** What a price field of the product form takes: Ksh with cents, more than 0. */
export const MONEY_INPUT = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0.01' } as const;

export interface CategoryChipsProps {
  form: ProductFormState;
  categories: Category[];
  legend: string;
  /** a note in place of the chips (e.g. they failed to load) */
  note?: string;
  /** said in place of the chips when there is no category */
  emptyNote?: string;
}

/** The product's categories as chips (several may be chosen), with the message when none is. */
export function CategoryChips({ form, categories, legend, note, emptyNote }: CategoryChipsProps) {
  const error = form.errors.categories;
  const errorId = `${form.id}-categories-error`;
  return (
    <fieldset
      className="mb-3"
      aria-invalid={error !== undefined}
      aria-describedby={error ? errorId : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {note ? (
        <p className="text-body-secondary small mb-0">{note}</p>
      ) : emptyNote && categories.length === 0 ? (
        <p className="text-body-secondary small mb-0">{emptyNote}</p>
      ) : (
        <div className="choice-chips">
          {categories.map((category) => (
            <label key={category.id} className="choice-chip">
              <input
                type="checkbox"
                checked={form.values.categories.includes(category.id)}
                onChange={(e) => form.toggleCategory(category.id, e.target.checked)}
              />
              <span>{category.name}</span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <div className="invalid-feedback d-block" id={errorId}>
          {error}
        </div>
      )}
    </fieldset>
  );
}

export interface UploadProgressProps {
  id: string;
  progress: number;
  label: string;
  className: string;
  /** a striped, moving bar that shows the percentage */
  detailed?: boolean;
}

/** The progress bar of a product being sent. */
export function UploadProgress({ id, progress, label, className, detailed }: UploadProgressProps) {
  return (
    <div className={className}>
      <div className="small mb-1" id={`${id}-progress`}>
        {label}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby={`${id}-progress`}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        {detailed ? (
          <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${progress}%` }}>
            {progress}%
          </div>
        ) : (
          <div className="progress-bar" style={{ width: `${progress}%` }} />
        )}
      </div>
    </div>
  );
}
