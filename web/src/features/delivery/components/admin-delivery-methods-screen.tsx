import { useId, useState, type FormEvent } from 'react';
import {
  DELIVERY_KINDS,
  deliveryEstimate,
  type DeliveryKind,
  type DeliveryMethodBody,
  type DeliveryMethodJson,
} from '@mtumba/contract/delivery';
import { formatKsh } from '@mtumba/contract/money';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAdminDeliveryMethods, useSaveDeliveryMethod } from '../api/admin-delivery-methods';

interface FormState {
  name: string;
  kind: DeliveryKind;
  fee: string;
  free_over: string;
  zones: string;
  pickup_address: string;
  pickup_hours: string;
  hold_days: string;
  min_days: string;
  max_days: string;
  note: string;
  is_active: boolean;
  sort_order: string;
}

const METHOD_COLUMNS: DataColumn[] = [
  { label: 'Name' },
  { label: 'Kind' },
  { label: 'Fee' },
  { label: 'Estimate' },
  { label: 'Status' },
  { label: <span className="visually-hidden">Actions</span> },
];

const EMPTY: FormState = {
  name: '',
  kind: 'doorstep',
  fee: '0',
  free_over: '',
  zones: '',
  pickup_address: '',
  pickup_hours: '',
  hold_days: '',
  min_days: '1',
  max_days: '2',
  note: '',
  is_active: true,
  sort_order: '50',
};

function toForm(m: DeliveryMethodJson): FormState {
  return {
    name: m.name,
    kind: m.kind,
    fee: String(m.fee),
    free_over: m.free_over === null ? '' : String(m.free_over),
    zones: m.zones.map((z) => `${z.name} = ${z.fee}`).join('\n'),
    pickup_address: m.pickup_address ?? '',
    pickup_hours: m.pickup_hours ?? '',
    hold_days: m.hold_days === null ? '' : String(m.hold_days),
    min_days: String(m.min_days),
    max_days: String(m.max_days),
    note: m.note ?? '',
    is_active: m.is_active,
    sort_order: String(m.sort_order),
  };
}

/** One zone a line: "Westlands = 250". */
function parseZones(text: string): { name: string; fee: number }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', fee = ''] = line.split('=').map((part) => part.trim());
      return { name, fee: Number(fee) };
    });
}

function toBody(f: FormState): DeliveryMethodBody {
  const num = (v: string) => Number(v.replace(/,/g, ''));
  return {
    name: f.name,
    kind: f.kind,
    fee: num(f.fee),
    free_over: f.free_over.trim() ? num(f.free_over) : null,
    zones: f.kind === 'doorstep' ? parseZones(f.zones) : [],
    pickup_address: f.pickup_address || null,
    pickup_hours: f.pickup_hours || null,
    hold_days: f.hold_days.trim() ? num(f.hold_days) : null,
    min_days: num(f.min_days),
    max_days: num(f.max_days),
    note: f.note || null,
    is_active: f.is_active,
    sort_order: num(f.sort_order),
  };
}

function MethodForm({ method, onDone }: { method: DeliveryMethodJson | null; onDone: () => void }) {
  const save = useSaveDeliveryMethod();
  const [f, setF] = useState<FormState>(method ? toForm(method) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = useId();
  const set = (patch: Partial<FormState>) => setF({ ...f, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: method?.id ?? null, body: toBody(f) },
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
  return (
    <form
      className="card card-body mb-4"
      onSubmit={submit}
      noValidate
      aria-label={method ? `Edit ${method.name}` : 'New delivery method'}
    >
      <h2 className="h5">{method ? `Edit ${method.name}` : 'New delivery method'}</h2>
      <div className="row g-3">
        {input('name', 'Name', { maxLength: 80 })}
        <div className="col-sm-6">
          <label htmlFor={`${base}-kind`} className="form-label">
            Kind
          </label>
          <select
            id={`${base}-kind`}
            className="form-select"
            value={f.kind}
            onChange={(e) => set({ kind: e.target.value as DeliveryKind })}
          >
            {DELIVERY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k === 'pickup'
                  ? 'Pickup point'
                  : k === 'doorstep'
                    ? 'Doorstep (needs an address)'
                    : 'Courier (town and pickup office)'}
              </option>
            ))}
          </select>
        </div>
        {input('fee', 'Fee (Ksh)', { inputMode: 'decimal' })}
        {input('free_over', 'Free when the order is above (Ksh, empty: never)', { inputMode: 'decimal' })}
        {f.kind === 'doorstep' && (
          <div className="col-12">
            <label htmlFor={`${base}-zones`} className="form-label">
              Areas served, one a line: name = fee
            </label>
            <textarea
              id={`${base}-zones`}
              className={`form-control ${errors.zones ? 'is-invalid' : ''}`}
              rows={4}
              value={f.zones}
              onChange={(e) => set({ zones: e.target.value })}
              placeholder={'Westlands = 250\nEastlands = 300'}
            />
            {errors.zones && <div className="invalid-feedback">{errors.zones}</div>}
          </div>
        )}
        {f.kind === 'pickup' && (
          <>
            {input('pickup_address', 'Pickup address', { maxLength: 200 })}
            {input('pickup_hours', 'Opening hours', { maxLength: 120 })}
            {input('hold_days', 'Hold days', { inputMode: 'numeric' })}
          </>
        )}
        {input('min_days', 'Estimated days: from', { inputMode: 'numeric' })}
        {input('max_days', 'Estimated days: to', { inputMode: 'numeric' })}
        {input('sort_order', 'Sort order', { inputMode: 'numeric' })}
        {input('note', 'Note for shoppers', { maxLength: 300 })}
        <div className="col-12 form-check ms-2">
          <input
            id={`${base}-active`}
            type="checkbox"
            className="form-check-input"
            checked={f.is_active}
            onChange={(e) => set({ is_active: e.target.checked })}
          />
          <label htmlFor={`${base}-active`} className="form-check-label">
            Active (shoppers can choose it)
          </label>
        </div>
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

/** The admin's delivery methods (docs/product.md section 11): list, add, change, switch off. */
export function AdminDeliveryMethodsScreen() {
  const methods = useAdminDeliveryMethods();
  const [editing, setEditing] = useState<DeliveryMethodJson | null | 'new'>(null);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">Delivery methods</h1>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          New delivery method
        </button>
      </div>
      {editing !== null && (
        <MethodForm
          key={editing === 'new' ? 'new' : editing.id}
          method={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {methods.isPending && <LoadingSpinner label="Loading delivery methods…" />}
      {methods.isError && (
        <div className="alert alert-danger" role="alert">
          Failed to load data
        </div>
      )}
      {methods.data && (
        <DataTable columns={METHOD_COLUMNS} className="table align-middle" cards>
          <tbody>
            {methods.data.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.name}
                  {m.pickup_address && <div className="small text-body-secondary">{m.pickup_address}</div>}
                  {m.zones.length > 0 && <div className="small text-body-secondary">{m.zones.length} areas</div>}
                </td>
                <td>{m.kind}</td>
                <td>
                  {m.zones.length > 0 ? 'by area' : formatKsh(m.fee)}
                  {m.free_over !== null && <div className="small">free above {formatKsh(m.free_over)}</div>}
                </td>
                <td>{deliveryEstimate(m)}</td>
                <td>{m.is_active ? 'Active' : <span className="text-body-secondary">Off</span>}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    onClick={() => setEditing(m)}
                    aria-label={`Edit ${m.name}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
