import type { ProductSort } from '../api/get-products';

export const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
];

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor="product-sort" className="small text-nowrap mb-0">
        Sort by
      </label>
      <select
        id="product-sort"
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value as ProductSort)}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
