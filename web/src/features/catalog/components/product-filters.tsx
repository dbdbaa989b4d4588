import { useState, type FormEvent, type ReactNode } from 'react';
import { PRODUCT_CONDITIONS } from '@mtumba/contract/constants';
import { FILTER_KEYS, type Filters } from '../hooks/use-product-list-params';

interface ProductFiltersProps {
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** One labelled filter: a column of the filter row with a small label above the control. */
function FilterBox({
  id,
  label,
  narrow = false,
  children,
}: {
  id: string;
  label: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={narrow ? 'col-6 col-md-4 col-lg-1' : 'col-6 col-md-4 col-lg-2'}>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Thrift filters: size, brand, condition, colour and a price range in Ksh. Collapsed on phones. */
export function ProductFilters({ value, onApply }: ProductFiltersProps) {
  const [draft, setDraft] = useState<Filters>(value);
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((k) => value[k]).length;

  const field = (key: keyof Filters) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
    setOpen(false);
  }

  function clear() {
    const empty: Filters = {};
    setDraft(empty);
    onApply(empty);
  }

  const priceInvalid =
    draft.min_price && draft.max_price && Number(draft.min_price) > Number(draft.max_price)
      ? 'The lowest price is above the highest.'
      : undefined;

  return (
    <section className="product-filters mb-3" aria-label="Filters">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm d-lg-none mb-2"
        aria-expanded={open}
        aria-controls="product-filters-form"
        onClick={() => setOpen((o) => !o)}
      >
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <form
        id="product-filters-form"
        onSubmit={submit}
        className={`row g-2 align-items-end ${open ? '' : 'd-none d-lg-flex'}`}
      >
        <FilterBox id="filter-size" label="Size">
          <input
            id="filter-size"
            className="form-control form-control-sm"
            placeholder="e.g. M, 32"
            {...field('size')}
          />
        </FilterBox>
        <FilterBox id="filter-brand" label="Brand">
          <input id="filter-brand" className="form-control form-control-sm" {...field('brand')} />
        </FilterBox>
        <FilterBox id="filter-condition" label="Condition">
          <select id="filter-condition" className="form-select form-select-sm" {...field('condition')}>
            <option value="">Any</option>
            {PRODUCT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {capitalise(c)}
              </option>
            ))}
          </select>
        </FilterBox>
        <FilterBox id="filter-color" label="Colour">
          <input id="filter-color" className="form-control form-control-sm" {...field('color')} />
        </FilterBox>
        <FilterBox id="filter-min-price" label="Min Ksh" narrow>
          <input
            id="filter-min-price"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            className="form-control form-control-sm"
            {...field('min_price')}
          />
        </FilterBox>
        <FilterBox id="filter-max-price" label="Max Ksh" narrow>
          <input
            id="filter-max-price"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            className={`form-control form-control-sm ${priceInvalid ? 'is-invalid' : ''}`}
            aria-describedby={priceInvalid ? 'filter-price-error' : undefined}
            {...field('max_price')}
          />
        </FilterBox>
        <div className="col-12 col-lg-2 d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary flex-fill" disabled={Boolean(priceInvalid)}>
            Apply
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary flex-fill" onClick={clear}>
            Clear
          </button>
        </div>
        {priceInvalid && (
          <p id="filter-price-error" className="col-12 text-danger small mb-0" role="alert">
            {priceInvalid}
          </p>
        )}
      </form>
    </section>
  );
}
