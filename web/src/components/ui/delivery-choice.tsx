import { useId } from 'react';
import { SHIPPING_OPTIONS, type ShippingOption } from '@mtumba/contract/constants';
import type { DeliveryMethodJson, SavedAddressJson } from '@mtumba/contract/delivery';
import { deliveryEstimate } from '@mtumba/contract/delivery-rules';
import { formatKsh } from '@mtumba/contract/money';
import type { DeliveryPricing } from '@mtumba/contract/pricing';
import { AddressFields } from '@/components/ui/address-fields';
import { TextField } from '@/components/ui/text-field';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { tOf, useT, type Translate } from '@/i18n';

type FormsT = Translate<Extract<keyof typeof messages, string>>;

/** What the shopper filled in for delivery; `option` is a legacy name or `method:{id}`. */
export interface DeliveryFormState {
  option: string;
  zone: string;
  address: string;
  landmark: string;
  town: string;
  office: string;
}

export const EMPTY_DELIVERY: DeliveryFormState = {
  option: '',
  zone: '',
  address: '',
  landmark: '',
  town: '',
  office: '',
};

/** The spec's two choices explained (the names are the API's values and stay as they are). */
const LEGACY_NOTES = {
  'CBD Delivery': 'dc.legacyCbd',
  'Paid custom delivery': 'dc.legacyCustom',
} as const satisfies Record<ShippingOption, string>;

const isLegacy = (name: string): name is ShippingOption => (SHIPPING_OPTIONS as readonly string[]).includes(name);

/** The value of a method in the select: the spec's names stay as they were, others by id. */
export function optionValue(m: Pick<DeliveryMethodJson, 'id' | 'name'>): string {
  return isLegacy(m.name) ? m.name : `method:${m.id}`;
}

export function chosenMethod(
  methods: DeliveryMethodJson[] | undefined,
  option: string,
): DeliveryMethodJson | undefined {
  return methods?.find((m) => optionValue(m) === option);
}

/** The fee rule of the choice, for the price estimate (a zone's own fee for doorstep zones). */
export function choicePricing(
  methods: DeliveryMethodJson[] | undefined,
  state: DeliveryFormState,
): DeliveryPricing | ShippingOption | null {
  const m = chosenMethod(methods, state.option);
  if (!m) return isLegacy(state.option) ? state.option : null;
  const zone = m.zones.find((z) => z.name === state.zone);
  return {
    name: m.name,
    feeCents: Math.round((zone ? zone.fee : m.fee) * 100),
    freeOverCents: m.free_over === null ? null : Math.round(m.free_over * 100),
  };
}

/** A field of the delivery choice that a message is about. */
export type DeliveryField = 'option' | 'zone' | 'address' | 'town' | 'office';

/** The empty field the choice still needs (the server says the same), with what to do, or undefined. */
export function missingDelivery(
  m: DeliveryMethodJson | undefined,
  state: DeliveryFormState,
): { field: DeliveryField; message: string } | undefined {
  if (!m) return undefined;
  // in the page's language
  const t = tOf(messages);
  if (m.needs.includes('zone') && !state.zone) return { field: 'zone', message: t('dc.needZone') };
  if (m.needs.includes('address') && !state.address.trim() && m.name !== 'Paid custom delivery') {
    return { field: 'address', message: t('dc.needAddress') };
  }
  if (m.needs.includes('town') && !state.town.trim()) {
    return { field: 'town', message: t('dc.needTown') };
  }
  if (m.needs.includes('pickup_office') && !state.office.trim()) {
    return { field: 'office', message: t('dc.needOffice') };
  }
  return undefined;
}

/** Why the choice cannot be sent yet (the server says the same), or undefined. */
export function missingDeliveryField(m: DeliveryMethodJson | undefined, state: DeliveryFormState): string | undefined {
  return missingDelivery(m, state)?.message;
}

/** The delivery part of `POST /orders`: the spec's fields for the spec's choices, the method's otherwise. */
export function deliveryBody(methods: DeliveryMethodJson[] | undefined, state: DeliveryFormState) {
  const m = chosenMethod(methods, state.option);
  // only the fields the chosen kind uses: a saved address filled in earlier stays off a pickup order
  const doorstep = m?.kind === 'doorstep';
  const courier = m?.kind === 'courier';
  const extra = {
    delivery_zone: (doorstep && state.zone) || null,
    delivery_address: (doorstep && state.address.trim()) || null,
    delivery_landmark: (doorstep && state.landmark.trim()) || null,
    delivery_town: (courier && state.town.trim()) || null,
    delivery_pickup_office: (courier && state.office.trim()) || null,
  };
  if (isLegacy(state.option)) {
    // an address given with custom delivery goes with the method, so the shop has it
    if (m && m.kind === 'doorstep' && state.address.trim()) {
      return { shipping_address: state.option, delivery_method_id: m.id, ...extra };
    }
    return { shipping_address: state.option };
  }
  return m ? { delivery_method_id: m.id, ...extra } : {};
}

function feeText(t: FormsT, m: DeliveryMethodJson): string {
  if (m.zones.length > 0) {
    const fees = m.zones.map((z) => z.fee);
    return t('dc.byArea', { min: formatKsh(Math.min(...fees)), max: formatKsh(Math.max(...fees)) });
  }
  if (m.fee === 0) return t('price.riderPaid');
  return formatKsh(m.fee);
}

function MethodNote({ m }: { m: DeliveryMethodJson }) {
  const t = useT(messages);
  const estimate = deliveryEstimate(m).toLowerCase();
  return (
    <>
      {m.fee > 0 && m.zones.length === 0 && `${formatKsh(m.fee)}. `}
      {m.free_over !== null && m.fee > 0 && `${t('dc.freeOver', { amount: formatKsh(m.free_over) })} `}
      {m.kind === 'pickup' ? t('dc.readyIn', { estimate }) : t('dc.arrivesIn', { estimate })} {m.note}
    </>
  );
}

interface DeliveryChoiceProps {
  methods: DeliveryMethodJson[] | undefined;
  value: DeliveryFormState;
  onChange: (next: DeliveryFormState) => void;
  addresses: SavedAddressJson[] | undefined;
  error: string | null;
  /** the field the error is about: it shows under that field, marked invalid */
  errorField?: DeliveryField | null;
}

/**
 * The delivery choice under the cart and on the manual order screen (docs/product.md section 11): every active method with its
 * fee, estimate and what it needs; an address for doorstep, a town and pickup office for courier,
 * and the pickup point's address, hours and hold days for pickup.
 */
export function DeliveryChoice({ methods, value, onChange, addresses, error, errorField }: DeliveryChoiceProps) {
  const t = useT(messages);
  const fieldError = (field: DeliveryField) => (error && errorField === field ? error : undefined);
  const ids = {
    select: useId(),
    note: useId(),
    zone: useId(),
    saved: useId(),
  };
  const m = chosenMethod(methods, value.option);
  const set = (patch: Partial<DeliveryFormState>) => onChange({ ...value, ...patch });
  const options =
    methods && methods.length > 0
      ? // the name only: a phone's closed select cuts a longer label; the fees are in the text below
        methods.map((x) => ({ value: optionValue(x), label: x.name }))
      : SHIPPING_OPTIONS.map((o) => ({ value: o, label: o === 'CBD Delivery' ? 'CBD Delivery (Ksh 50)' : o }));

  return (
    <div className="delivery-choice">
      <label htmlFor={ids.select} className="form-label">
        {t('dc.shippingOption')}
      </label>
      <select
        id={ids.select}
        className={fieldError('option') ? 'form-select is-invalid' : 'form-select'}
        value={value.option}
        onChange={(e) => set({ option: e.target.value, zone: '' })}
        aria-describedby={ids.note}
        required
      >
        <option value="">{t('dc.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {fieldError('option') && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      <div id={ids.note} className="form-text">
        {m ? (
          <MethodNote m={m} />
        ) : isLegacy(value.option) ? (
          t(LEGACY_NOTES[value.option])
        ) : methods && methods.length > 0 ? (
          // every active method, as the shop set them up (not only the spec's two)
          <ul className="list-unstyled mb-0" data-testid="delivery-options-help">
            {methods.map((x) => (
              <li key={x.id}>
                <strong>{x.name}</strong>:{' '}
                {t(x.kind === 'pickup' ? 'dc.listReady' : 'dc.listArrives', {
                  fee: feeText(t, x),
                  estimate: deliveryEstimate(x).toLowerCase(),
                })}
              </li>
            ))}
          </ul>
        ) : (
          <>
            CBD Delivery: {t(LEGACY_NOTES['CBD Delivery'])} Paid custom delivery:{' '}
            {t(LEGACY_NOTES['Paid custom delivery'])}
          </>
        )}
      </div>

      {m?.kind === 'pickup' && m.pickup_address && (
        <div className="delivery-choice__pickup mt-2" data-testid="pickup-point">
          <strong>{t('dc.pickupPoint')}</strong> {m.pickup_address}
          {m.pickup_hours && t('dc.open', { hours: m.pickup_hours })}
          {m.hold_days !== null && t('dc.hold', { days: m.hold_days })}
        </div>
      )}

      {m && (m.kind === 'doorstep' || m.kind === 'courier') && (
        <div className="row g-2 mt-1">
          {m.kind === 'doorstep' && addresses && addresses.length > 0 && (
            <div className="col-12">
              <label htmlFor={ids.saved} className="form-label">
                {t('dc.saved')}
              </label>
              <select
                id={ids.saved}
                className="form-select"
                defaultValue=""
                onChange={(e) => {
                  const a = addresses.find((x) => String(x.id) === e.target.value);
                  if (!a) return;
                  const zone = m.zones.find((z) => z.name === a.zone)?.name ?? value.zone;
                  set({ address: a.address_line, landmark: a.landmark ?? '', zone });
                }}
              >
                <option value="">{t('dc.chooseSaved')}</option>
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}: {a.address_line}
                  </option>
                ))}
              </select>
            </div>
          )}
          {m.zones.length > 0 && (
            <div className="col-12">
              <label htmlFor={ids.zone} className="form-label">
                {t('delivery.area')}
              </label>
              <select
                id={ids.zone}
                className={fieldError('zone') ? 'form-select is-invalid' : 'form-select'}
                value={value.zone}
                onChange={(e) => set({ zone: e.target.value })}
              >
                <option value="">{t('dc.chooseArea')}</option>
                {m.zones.map((z) => (
                  <option key={z.name} value={z.name}>
                    {z.name} ({formatKsh(z.fee)})
                  </option>
                ))}
              </select>
              {fieldError('zone') && <div className="invalid-feedback">{error}</div>}
            </div>
          )}
          {m.kind === 'doorstep' && (
            <AddressFields
              address={value.address}
              landmark={value.landmark}
              onChange={set}
              addressLabel={t('dc.address')}
              boxClassNames={['col-md-7', 'col-md-5']}
              landmarkPlaceholder={t('dc.landmarkHint')}
              addressError={fieldError('address')}
            />
          )}
          {m.kind === 'courier' && (
            <>
              <TextField
                boxClassName="col-md-5"
                label={t('dc.town')}
                autoComplete="address-level2"
                placeholder="Nakuru"
                value={value.town}
                maxLength={80}
                onChange={(town) => set({ town })}
                error={fieldError('town')}
              />
              <TextField
                boxClassName="col-md-7"
                label={t('dc.office')}
                placeholder={t('dc.officeHint')}
                value={value.office}
                maxLength={120}
                onChange={(office) => set({ office })}
                error={fieldError('office')}
              />
            </>
          )}
        </div>
      )}
      {error && !errorField && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
