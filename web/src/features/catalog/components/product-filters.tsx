import { useState, type FormEvent, type ReactNode } from 'react';
import { formatKsh } from '@mtumba/contract/money';
import type { ProductFacets } from '@mtumba/contract/product';
import type { Filters } from '../hooks/use-product-list-params';
import { FILTER_KEYS } from '../hooks/use-product-list-params';
import browse from '@/i18n/catalogs/en/browse.json';
import { conditionText } from './product-card';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

interface ProductFiltersProps {
  value: Filters;
  /** what is in stock among the products looked at (GET /products/facets); chips wait for it */
  facets?: ProductFacets;
  onApply: (filters: Filters) => void;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A price band as a chip label and as the list's min/max (Ksh, as text in the URL). */
export function priceBand(
  band: { min: number; max: number | null },
  under: (amount: string) => string = (amount) => `Under ${amount}`,
) {
  const label =
    band.max === null
      ? `${formatKsh(band.min)}+`
      : band.min === 0
        ? under(formatKsh(Math.round(band.max + 0.01)))
        : `${formatKsh(band.min)}–${formatKsh(Math.floor(band.max))}`;
  return {
    label,
    min_price: band.min > 0 ? String(band.min) : undefined,
    max_price: band.max === null ? undefined : String(band.max),
  };
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Sizes in a shopper's order: letter sizes small to large, then numbers, then the rest as written. */
export function sizeOrder(a: string, b: string): number {
  const rank = (s: string) => {
    const letter = LETTER_SIZES.indexOf(s.toUpperCase());
    if (letter >= 0) return [0, letter] as const;
    const number = Number.parseFloat(s);
    return Number.isFinite(number) ? ([1, number] as const) : ([2, 0] as const);
  };
  const [ga, va] = rank(a);
  const [gb, vb] = rank(b);
  return ga - gb || va - vb || a.localeCompare(b, 'en', { numeric: true });
}

/** A row of tappable chips, one choice at a time; tapping the chosen one again removes it. */
function ChipGroup({
  legend,
  options,
  chosen,
  onChoose,
}: {
  legend: string;
  options: { key: string; label: ReactNode; count: number }[];
  chosen: string | undefined;
  onChoose: (key: string | undefined) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filter-chips mb-2">
      <legend className="form-label small mb-1">{legend}</legend>
      <div className="filter-chips__row">
        {options.map((o) => {
          const pressed = chosen !== undefined && chosen.toLowerCase() === o.key.toLowerCase();
          return (
            <button
              key={o.key}
              type="button"
              className={`filter-chip ${pressed ? 'filter-chip--on' : ''}`}
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? undefined : o.key)}
            >
              {o.label}
              <span className="filter-chip__count">{o.count}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Thrift filters: size, condition, colour and price as chips built from what is in stock (a tap
 * applies at once), plus a brand and an exact price range. Collapsed on phones.
 */
export function ProductFilters({ value, facets, onApply }: ProductFiltersProps) {
  const t = useT(messages);
  const tb = useT(browse);
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((k) => value[k]).length;
  const choose = (patch: Filters) => onApply({ ...value, ...patch });
  const withChosen = (list: { value: string; count: number }[], chosen: string | undefined) =>
    chosen && !list.some((v) => v.value.toLowerCase() === chosen.toLowerCase())
      ? [...list, { value: chosen, count: 0 }]
      : list;
  const bands = (facets?.prices ?? []).map((band) => ({
    ...priceBand(band, (amount) => t('filters.under', { amount })),
    count: band.count,
  }));
  const chosenBand = bands.find((b) => b.min_price === value.min_price && b.max_price === value.max_price);

  return (
    <section className="product-filters mb-3" aria-label={t('filters.label')}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm d-lg-none mb-2"
        aria-expanded={open}
        aria-controls="product-filters-panel"
        onClick={() => setOpen((o) => !o)}
      >
        {t('filters.button', { count: active })}
      </button>
      <div id="product-filters-panel" className={open ? '' : 'd-none d-lg-block'}>
        <div className="filter-chip-groups">
          <ChipGroup
            legend={t('filters.size')}
            options={[...withChosen(facets?.sizes ?? [], value.size)]
              .sort((a, b) => sizeOrder(a.value, b.value))
              .map((s) => ({
                key: s.value,
                label: s.value,
                count: s.count,
              }))}
            chosen={value.size}
            onChoose={(size) => choose({ size })}
          />
          <ChipGroup
            legend={t('filters.condition')}
            options={withChosen(facets?.conditions ?? [], value.condition).map((c) => ({
              key: c.value,
              label: capitalise(conditionText(tb, c.value)),
              count: c.count,
            }))}
            chosen={value.condition}
            onChoose={(condition) => choose({ condition })}
          />
          <ChipGroup
            legend={t('filters.colour')}
            options={withChosen(facets?.colors ?? [], value.color).map((c) => ({
              key: c.value,
              label: capitalise(c.value),
              count: c.count,
            }))}
            chosen={value.color}
            onChoose={(color) => choose({ color })}
          />
          <ChipGroup
            legend={t('filters.price')}
            options={bands.map((b) => ({ key: b.label, label: b.label, count: b.count }))}
            chosen={chosenBand?.label}
            onChoose={(label) => {
              const band = bands.find((b) => b.label === label);
              choose({ min_price: band?.min_price, max_price: band?.max_price });
            }}
          />
        </div>
        <MoreFilters key={JSON.stringify(value)} value={value} onApply={onApply} />
      </div>
    </section>
  );
}

/** Brand and an exact price range, typed: applied with the Apply button. */
function MoreFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const t = useT(messages);
  const [draft, setDraft] = useState<Filters>(value);
  const field = (key: keyof Filters) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  const priceInvalid =
    draft.min_price && draft.max_price && Number(draft.min_price) > Number(draft.max_price)
      ? t('filters.priceInvalid')
      : undefined;

  return (
    <form onSubmit={submit} className="row g-2 align-items-end">
      <div className="col-12 col-md-4 col-lg-3">
        <label className="form-label small mb-1" htmlFor="filter-brand">
          {t('filters.brand')}
        </label>
        <input id="filter-brand" className="form-control form-control-sm" {...field('brand')} />
      </div>
      <div className="col-6 col-md-2">
        <label className="form-label small mb-1" htmlFor="filter-min-price">
          {t('filters.min')}
        </label>
        <input
          id="filter-min-price"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          className="form-control form-control-sm"
          {...field('min_price')}
        />
      </div>
      <div className="col-6 col-md-2">
        <label className="form-label small mb-1" htmlFor="filter-max-price">
          {t('filters.max')}
        </label>
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
      </div>
      <div className="col-12 col-md-4 col-lg-2 d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary flex-fill" disabled={Boolean(priceInvalid)}>
          {t('filters.apply')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary flex-fill" onClick={() => onApply({})}>
          {t('filters.clear')}
        </button>
      </div>
      {priceInvalid && (
        <p id="filter-price-error" className="col-12 text-danger small mb-0" role="alert">
          {priceInvalid}
        </p>
      )}
    </form>
  );
}

const FILTER_LABELS: Record<(typeof FILTER_KEYS)[number], keyof typeof messages> = {
  size: 'filters.size',
  brand: 'filters.brand',
  condition: 'filters.condition',
  color: 'filters.colour',
  min_price: 'filters.from',
  max_price: 'filters.upTo',
};

/**
 * The filters in force as removable chips above the grid ("Size: 42 ×"); each one's button
 * removes it, and "Clear all" removes them all (the search text too).
 */
export function ActiveFilters({
  value,
  q,
  onRemove,
  onClearAll,
}: {
  value: Filters;
  q?: string;
  onRemove: (key: (typeof FILTER_KEYS)[number] | 'q') => void;
  onClearAll: () => void;
}) {
  const t = useT(messages);
  const tb = useT(browse);
  const chips: { key: (typeof FILTER_KEYS)[number] | 'q'; text: string }[] = [];
  if (q) chips.push({ key: 'q', text: `“${q}”` });
  for (const key of FILTER_KEYS) {
    const v = value[key];
    if (!v) continue;
    const shown =
      key === 'min_price' || key === 'max_price'
        ? formatKsh(Number(v))
        : capitalise(key === 'condition' ? conditionText(tb, v) : v);
    chips.push({ key, text: `${t(FILTER_LABELS[key])}: ${shown}` });
  }
  if (chips.length === 0) return null;
  return (
    <div className="active-filters mb-2" aria-label={t('filters.active')} role="group">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          className="active-filter"
          onClick={() => onRemove(chip.key)}
          aria-label={
            chip.key === 'q' ? t('filters.removeSearch', { text: chip.text }) : t('filters.remove', { text: chip.text })
          }
        >
          <span>{chip.text}</span>
          <span aria-hidden="true" className="active-filter__x">
            ×
          </span>
        </button>
      ))}
      {chips.length > 1 && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onClearAll}>
          {t('filters.clearAll')}
        </button>
      )}
    </div>
  );
}
