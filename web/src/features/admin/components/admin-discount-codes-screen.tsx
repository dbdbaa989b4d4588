import { useId, useState, type FormEvent } from 'react';
import type { DiscountCodeBody, DiscountCodeJson, DiscountKind } from '@mtumba/contract/discount-codes';
import { formatKsh } from '@mtumba/contract/money';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAdminDiscountCodes, useSaveDiscountCode } from '../api/discount-codes';

interface FormState {
  code: string;
  kind: DiscountKind;
  amount: string;
  min_spend: string;
  first_order_only: boolean;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_customer: string;
  is_active: boolean;
}

const COLUMNS: DataColumn[] = [
  { label: 'Code' },
  { label: 'Terms' },
  { label: 'Dates' },
  { label: 'Uses' },
  { label: 'Status' },
  { label: <span className="visually-hidden">Actions</span> },
];

const EMPTY: FormState = {
  code: '',
  kind: 'percent',
  amount: '',
  min_spend: '0',
  first_order_only: false,
  starts_at: '',
  ends_at: '',
  max_uses: '',
  max_uses_per_customer: '1',
  is_active: true,
};

const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function toForm(c: DiscountCodeJson): FormState {
  return {
    code: c.code,
    kind: c.kind,
    amount: String(c.amount),
    min_spend: String(c.min_spend),
    first_order_only: c.first_order_only,
    starts_at: dateOnly(c.starts_at),
    ends_at: dateOnly(c.ends_at),
    max_uses: c.max_uses === null ? '' : String(c.max_uses),
    max_uses_per_customer: c.max_uses_per_customer === null ? '' : String(c.max_uses_per_customer),
    is_active: c.is_active,
  };
}

/** Dates are whole Nairobi days: a code runs from the start day's midnight to the end day's end. */
const nairobi = (day: string, end: boolean) => (day ? `${day}T${end ? '23:59:59' : '00:00:00'}+03:00` : null);

function toBody(f: FormState, categoryIds: number[] = []): DiscountCodeBody {
  const num = (v: string) => Number(v.replace(/,/g, ''));
  const optional = (v: string) => (v.trim() ? num(v) : null);
  return {
    code: f.code,
    kind: f.kind,
    amount: num(f.amount),
    min_spend: f.min_spend.trim() ? num(f.min_spend) : 0,
    first_order_only: f.first_order_only,
    starts_at: nairobi(f.starts_at, false),
    ends_at: nairobi(f.ends_at, true),
    max_uses: optional(f.max_uses),
    max_uses_per_customer: optional(f.max_uses_per_customer),
    category_ids: categoryIds,
    is_active: f.is_active,
  };
}

function terms(c: DiscountCodeJson): string {
  const parts = [c.kind === 'percent' ? `${c.amount}% off` : `${formatKsh(c.amount)} off`];
  if (c.min_spend > 0) parts.push(`from ${formatKsh(c.min_spend)}`);
  if (c.first_order_only) parts.push('first order only');
  if (c.category_ids.length > 0) parts.push(`${c.category_ids.length} categories`);
  return parts.join(', ');
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short' });

function CodeForm({ code, onDone }: { code: DiscountCodeJson | null; onDone: () => void }) {
  const save = useSaveDiscountCode();
  const [f, setF] = useState<FormState>(code ? toForm(code) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = useId();
  const set = (patch: Partial<FormState>) => setF({ ...f, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: code?.id ?? null, body: toBody(f, code?.category_ids) },
      {
        onSuccess: () => {
          toast.success('Saved successfully');
          onDone();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.body.errors : undefined;
          setErrors(
            fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0]!, v[0] ?? ''])) : {},
          );
          toast.error(errorMessage(err, 'Save failed'));
        },
      },
    );
  };
  const input = (name: keyof FormState, label: string, props: Record<string, unknown> = {}) => (
    <div className="col-sm-6">
      <label htmlFor={`${base}-${name}`} className="form-label">
        {label}
      </label>
      <input
        id={`${base}-${name}`}
        className={`form-control ${errors[name] ? 'is-invalid' : ''}`}
        value={String(f[name])}
        onChange={(e) => set({ [name]: e.target.value } as Partial<FormState>)}
        {...props}
      />
      {errors[name] && <div className="invalid-feedback">{errors[name]}</div>}
    </div>
  );
  const check = (name: 'first_order_only' | 'is_active', label: string) => (
    <div className="col-sm-6 form-check ms-2">
      <input
        id={`${base}-${name}`}
        type="checkbox"
        className="form-check-input"
        checked={f[name]}
        onChange={(e) => set({ [name]: e.target.checked })}
      />
      <label htmlFor={`${base}-${name}`} className="form-check-label">
        {label}
      </label>
    </div>
  );
  return (
    <form
      className="card card-body mb-4"
      onSubmit={submit}
      noValidate
      aria-label={code ? `Edit ${code.code}` : 'New discount code'}
    >
      <h2 className="h5">{code ? `Edit ${code.code}` : 'New discount code'}</h2>
      <div className="row g-3">
        {input('code', 'Code', { maxLength: 30, autoCapitalize: 'characters' })}
        <div className="col-sm-6">
          <label htmlFor={`${base}-kind`} className="form-label">
            Kind
          </label>
          <select
            id={`${base}-kind`}
            className="form-select"
            value={f.kind}
            onChange={(e) => set({ kind: e.target.value as DiscountKind })}
          >
            <option value="percent">Percentage off the items</option>
            <option value="fixed">Fixed amount off (Ksh)</option>
          </select>
        </div>
        {input('amount', f.kind === 'percent' ? 'Percentage (1 to 100)' : 'Amount (Ksh)', { inputMode: 'decimal' })}
        {input('min_spend', 'Minimum spend (Ksh, 0: none)', { inputMode: 'decimal' })}
        {input('starts_at', 'Starts on (empty: now)', { type: 'date' })}
        {input('ends_at', 'Ends after (empty: never)', { type: 'date' })}
        {input('max_uses', 'Total uses (empty: no limit)', { inputMode: 'numeric' })}
        {input('max_uses_per_customer', 'Uses per customer (empty: no limit)', { inputMode: 'numeric' })}
        {check('first_order_only', 'First order only')}
        {check('is_active', 'Active (shoppers can use it)')}
      </div>
      <div className="d-flex gap-2 mt-3">
        <BusyButton type="submit" className="btn btn-primary" busy={save.isPending} busyLabel="Saving...">
          Save
        </BusyButton>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The admin's discount codes (docs/product.md, discount codes): list, create, edit, switch off. */
export function AdminDiscountCodesScreen() {
  const codes = useAdminDiscountCodes();
  const toggle = useSaveDiscountCode();
  const [editing, setEditing] = useState<DiscountCodeJson | null | 'new'>(null);
  const switchActive = (c: DiscountCodeJson) =>
    toggle.mutate(
      {
        id: c.id,
        body: {
          ...toBody(toForm(c), c.category_ids),
          starts_at: c.starts_at,
          ends_at: c.ends_at,
          is_active: !c.is_active,
        },
      },
      {
        onSuccess: () => toast.success(c.is_active ? `${c.code} is off` : `${c.code} is on`),
        onError: (err) => toast.error(errorMessage(err, 'Save failed')),
      },
    );
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">Discount codes</h1>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          New discount code
        </button>
      </div>
      <p className="text-body-secondary small">
        The shop’s three offers (Ksh 50 off 3+ items, 10% off a first order, free CBD delivery above Ksh 1000) apply by
        themselves; a code adds its discount after them.
      </p>
      {editing !== null && (
        <CodeForm
          key={editing === 'new' ? 'new' : editing.id}
          code={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {codes.isPending && <LoadingSpinner label="Loading discount codes…" />}
      {codes.isError && (
        <div className="alert alert-danger" role="alert">
          Failed to load data
        </div>
      )}
      {codes.data?.length === 0 && <p>No discount codes yet.</p>}
      {codes.data && codes.data.length > 0 && (
        <DataTable columns={COLUMNS} className="table align-middle" aria-label="Discount codes" cards>
          <tbody>
            {codes.data.map((c) => (
              <tr key={c.id}>
                <td className="fw-semibold">{c.code}</td>
                <td>{terms(c)}</td>
                <td>
                  {c.starts_at || c.ends_at
                    ? `${c.starts_at ? day(c.starts_at) : 'now'} – ${c.ends_at ? day(c.ends_at) : 'no end'}`
                    : 'Always'}
                </td>
                <td>
                  {c.uses}
                  {c.max_uses !== null && ` of ${c.max_uses}`}
                  {c.max_uses_per_customer !== null && (
                    <div className="small text-body-secondary">{c.max_uses_per_customer} per customer</div>
                  )}
                </td>
                <td>{c.is_active ? 'Active' : <span className="text-body-secondary">Off</span>}</td>
                <td>
                  <div className="d-flex gap-2">
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      onClick={() => setEditing(c)}
                      aria-label={`Edit ${c.code}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => switchActive(c)}
                      disabled={toggle.isPending}
                      aria-label={c.is_active ? `Switch ${c.code} off` : `Switch ${c.code} on`}
                    >
                      {c.is_active ? 'Switch off' : 'Switch on'}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
