import type { ProductSort } from '../api/get-products';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

export const SORT_OPTIONS = [
  { value: 'newest', label: 'sort.newest' },
  { value: 'price_asc', label: 'sort.priceAsc' },
  { value: 'price_desc', label: 'sort.priceDesc' },
] as const satisfies readonly { value: ProductSort; label: keyof typeof messages }[];

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const t = useT(messages);
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor="product-sort" className="small text-nowrap mb-0">
        {t('sort.label')}
      </label>
      <select
        id="product-sort"
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value as ProductSort)}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
