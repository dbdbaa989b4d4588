import { useId, useState, type FormEvent } from 'react';
import type { SavedAddressJson } from '@mtumba/contract/delivery';
import { AddressFields } from '@/components/ui/address-fields';
import { BusyButton } from '@/components/ui/busy-button';
import { PhoneInput } from '@/components/ui/phone-input';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  useDeleteAddress,
  useDeliveryDetails,
  useDeliveryMethods,
  useSaveAddress,
  useSaveDefaultPhone,
} from '@/lib/delivery-api';
import { toast } from '@/lib/toast';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

function DefaultPhone({ current }: { current: string | null }) {
  const save = useSaveDefaultPhone();
  const t = useT(messages);
  const [phone, setPhone] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(phone.trim() || null, {
      onSuccess: () => {
        setError(null);
        toast.success(t('address.phoneSaved'), { toastId: 'default-phone' });
      },
      onError: (err) =>
        setError(
          (err instanceof ApiError && err.fieldError('default_phone')) || errorMessage(err, t('address.phoneFailed')),
        ),
    });
  };
  return (
    <form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={submit} noValidate>
      <div className="flex-grow-1">
        <label htmlFor={id} className="form-label small mb-1">
          {t('address.phone')}
        </label>
        <PhoneInput id={id} invalid={Boolean(error)} value={phone} maxLength={32} onChange={setPhone} />
        {error && <div className="invalid-feedback d-block">{error}</div>}
      </div>
      <BusyButton
        type="submit"
        className="btn btn-outline-primary"
        busy={save.isPending}
        busyLabel={t('account.saving')}
      >
        {t('address.savePhone')}
      </BusyButton>
    </form>
  );
}

const LABEL = 'form-label small mb-1';

function AddressForm({ onDone }: { onDone: () => void }) {
  const save = useSaveAddress();
  const t = useT(messages);
  const methods = useDeliveryMethods();
  const zones = [...new Set((methods.data ?? []).flatMap((m) => m.zones.map((z) => z.name)))];
  const [label, setLabel] = useState('');
  const [zone, setZone] = useState('');
  const [line, setLine] = useState('');
  const [landmark, setLandmark] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zonesId = useId();
  const defaultId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: null,
        body: { label, zone: zone || null, address_line: line, landmark: landmark || null, is_default: isDefault },
      },
      {
        onSuccess: () => {
          toast.success(t('address.saved'), { toastId: 'address-saved' });
          onDone();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.body.errors : undefined;
          if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
          else toast.error(errorMessage(err, t('address.failed')));
        },
      },
    );
  };
  return (
    <form className="border rounded p-2 mb-2" onSubmit={submit} noValidate aria-label={t('address.new')}>
      <div className="row g-2">
        <TextField
          boxClassName="col-sm-4"
          labelClassName={LABEL}
          label={t('address.label')}
          placeholder={t('address.labelExample')}
          value={label}
          maxLength={40}
          onChange={setLabel}
          error={errors.label}
        />
        <TextField
          boxClassName="col-sm-8"
          labelClassName={LABEL}
          label={t('address.zone')}
          list={zonesId}
          placeholder={t('address.zoneExample')}
          value={zone}
          maxLength={80}
          onChange={setZone}
          invalid={errors.zone !== undefined}
        >
          <datalist id={zonesId}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </TextField>
        <AddressFields
          address={line}
          landmark={landmark}
          onChange={(patch) => {
            if (patch.address !== undefined) setLine(patch.address);
            if (patch.landmark !== undefined) setLandmark(patch.landmark);
          }}
          addressLabel={t('address.line')}
          boxClassNames={['col-12', 'col-12']}
          labelClassName={LABEL}
          addressError={errors.address_line}
        />
        <div className="col-12 form-check ms-2">
          <input
            id={defaultId}
            type="checkbox"
            className="form-check-input"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.target.checked)}
          />
          <label htmlFor={defaultId} className="form-check-label small">
            {t('address.useDefault')}
          </label>
        </div>
      </div>
      <div className="d-flex gap-2 mt-2">
        <BusyButton
          type="submit"
          className="btn btn-primary btn-sm"
          busy={save.isPending}
          busyLabel={t('account.saving')}
        >
          {t('address.save')}
        </BusyButton>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

function AddressLine({ address }: { address: SavedAddressJson }) {
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const t = useT(messages);
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <div>
          <strong>{address.label}</strong>
          {address.is_default && <span className="badge text-bg-success ms-2">{t('address.default')}</span>}
        </div>
        <div className="small">
          {address.address_line}
          {address.zone ? `, ${address.zone}` : ''}
        </div>
        {address.landmark && <div className="small text-body-secondary">{address.landmark}</div>}
      </div>
      {!address.is_default && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              id: address.id,
              body: {
                label: address.label,
                zone: address.zone,
                address_line: address.address_line,
                landmark: address.landmark,
                is_default: true,
              },
            })
          }
        >
          {t('address.makeDefault')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        disabled={remove.isPending}
        onClick={() => remove.mutate(address.id)}
        aria-label={t('address.deleteLabel', { label: address.label })}
      >
        {t('address.delete')}
      </button>
    </li>
  );
}

/** My Account's delivery details: the default phone and saved addresses the cart fills in. */
export function DeliveryAddressBook({ enabled }: { enabled: boolean }) {
  const details = useDeliveryDetails({ enabled });
  const [adding, setAdding] = useState(false);
  const t = useT(messages);
  return (
    <section aria-labelledby="my-account-delivery" className="mt-3">
      <h2 id="my-account-delivery" className="h6">
        {t('address.title')}
      </h2>
      {details.isPending && <p className="small text-body-secondary mb-0">{t('account.loading')}</p>}
      {details.isError && <p className="small text-danger mb-0">{t('address.loadFailed')}</p>}
      {details.data && (
        <>
          <DefaultPhone key={details.data.default_phone ?? ''} current={details.data.default_phone} />
          {details.data.addresses.length > 0 ? (
            <ul className="list-group mb-2" aria-label={t('address.list')}>
              {details.data.addresses.map((a) => (
                <AddressLine key={a.id} address={a} />
              ))}
            </ul>
          ) : (
            <p className="small text-body-secondary">{t('address.none')}</p>
          )}
          {adding ? (
            <AddressForm onDone={() => setAdding(false)} />
          ) : (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setAdding(true)}>
              {t('address.add')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
