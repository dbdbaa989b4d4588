import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { TIMINGS } from '@mtumba/contract/constants';
import { useAuth } from '@/lib/auth/use-auth';
import { cartKeys, type CartItem } from '@/lib/api/get-cart';
import { isAwaitingPayment, useOrders } from '@/lib/api/get-orders';
import { paths } from '@/config/paths';
import { looksLikeKenyanMobile, PHONE_HINT } from '@mtumba/contract/phone';
import { ApiError } from '@/lib/api-client';
import { usePlaceOrder } from '../api/place-order';
import { useDeliveryDetails, useDeliveryMethods } from '@/lib/delivery-api';
import { PriceEstimate } from './price-estimate';
import {
  chosenMethod,
  choicePricing,
  DeliveryChoice,
  deliveryBody,
  EMPTY_DELIVERY,
  missingDelivery,
  type DeliveryField,
  type DeliveryFormState,
} from '@/components/ui/delivery-choice';
import { PhoneInput } from '@/components/ui/phone-input';
import messages from '@/i18n/catalogs/en/buy.json';
import { tOf, useT } from '@/i18n';

/**
 * The form's own messages that come in English from elsewhere (the contract's phone hint, the
 * delivery choice's missing-field messages): shown in the page's language by their English text.
 */
const KNOWN_MESSAGES: Record<string, keyof typeof messages> = {
  [PHONE_HINT]: 'co.phoneHint',
  'Choose the area you are in.': 'co.zone',
  'Enter the delivery address: street, building and house or door number.': 'co.address',
  'Enter the town you want the parcel sent to.': 'co.town',
  "Enter the courier's pickup office in that town.": 'co.office',
};

/** A message of the form in the page's language (one it does not know stays as it is). */
export function localMessage(message: string): string {
  const id = KNOWN_MESSAGES[message];
  return id ? tOf(messages)(id) : message;
}

/** The toast text for a failed POST /orders (docs/product.md section 8). */
export function checkoutErrorMessage(err: unknown): string {
  const t = tOf(messages);
  if (!(err instanceof ApiError)) return t('co.failed');
  const error = err.body.error;
  // the stock sentence names the product and comes from the server (in the page's language)
  if (typeof error === 'string' && error.startsWith('Not enough stock for')) return t('co.stock', { error });
  return error ?? err.body.message ?? t('co.failed');
}

/** Shipping option, phone and Proceed to Checkout under the cart (docs/product.md sections 2, 5 and 8). */
export function CheckoutPanel({ items }: { items: CartItem[] }) {
  const t = useT(messages);
  const { isVerified } = useAuth();
  const orders = useOrders();
  const place = usePlaceOrder();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const methods = useDeliveryMethods();
  const saved = useDeliveryDetails({ enabled: isVerified });
  const [delivery, setDelivery] = useState<DeliveryFormState>(EMPTY_DELIVERY);
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  const [deliveryErrorField, setDeliveryErrorField] = useState<DeliveryField | null>(null);
  const showDeliveryError = (message: string | null, field: DeliveryField | null = null) => {
    setDeliveryError(message);
    setDeliveryErrorField(field);
  };
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const defaultPhone = saved.data?.default_phone;
  // My Account's default phone and address fill the form once; the shopper may change them.
  useEffect(() => {
    if (defaultPhone) setPhone((current) => current || defaultPhone.replace(/^\+254/, '0'));
  }, [defaultPhone]);
  const defaultAddress = saved.data?.addresses.find((a) => a.is_default);
  useEffect(() => {
    if (!defaultAddress) return;
    setDelivery((d) =>
      d.address ? d : { ...d, address: defaultAddress.address_line, landmark: defaultAddress.landmark ?? '' },
    );
  }, [defaultAddress]);
  const phoneId = useId();
  const phoneHelpId = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeId = useId();
  const codeHelpId = useId();

  const waiting = orders.data?.find(isAwaitingPayment);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (items.length === 0) {
      toast.error(t('cart.empty'), { toastId: 'cart-empty' });
      return;
    }
    // the empty fields are marked where they are, not only named in a toast
    const missing = delivery.option
      ? missingDelivery(chosenMethod(methods.data, delivery.option), delivery)
      : { field: 'option' as const, message: t('co.chooseShipping') };
    if (!phone.trim()) setPhoneError(t('co.phoneMissing'));
    if (missing) showDeliveryError(localMessage(missing.message), missing.field);
    if (!delivery.option || !phone.trim()) {
      toast.error(t('co.fillBoth'), { toastId: 'fill-both' });
      return;
    }
    if (missing) return;
    showDeliveryError(null);
    if (!looksLikeKenyanMobile(phone)) {
      setPhoneError(t('co.phoneHint'));
      return;
    }
    setPhoneError(null);
    void place
      .mutateAsync({
        items: items.map((item) => ({ product_id: item.product.id, quantity: item.quantity })),
        ...deliveryBody(methods.data, delivery),
        shipping_phone: phone.trim(),
        discount_code: code.trim() || null,
      })
      .then(
        (reply) => navigate(paths.checkout(reply.order.id)),
        (err: unknown) => {
          const stock = err instanceof ApiError && err.body.error?.startsWith('Not enough stock for');
          if (stock) void queryClient.invalidateQueries({ queryKey: cartKeys.all });
          const fieldError = err instanceof ApiError ? err.fieldError('shipping_phone') : undefined;
          if (fieldError) setPhoneError(fieldError);
          // each refusal of a code has its own message (expired, not started yet, used up, …)
          const codeRefusal = err instanceof ApiError ? err.fieldError('discount_code') : undefined;
          if (codeRefusal) setCodeError(codeRefusal);
          if (err instanceof ApiError) {
            const deliveryField = [
              'delivery_method_id',
              'delivery_zone',
              'delivery_address',
              'delivery_town',
              'delivery_pickup_office',
            ]
              .map((f) => err.fieldError(f))
              .find(Boolean);
            if (deliveryField) showDeliveryError(deliveryField);
          }
          const message = checkoutErrorMessage(err);
          toast.error(message, { toastId: message, autoClose: stock ? TIMINGS.stockToastLongMs : undefined });
        },
      );
  };

  return (
    <section className="card" aria-labelledby="checkout-panel-title">
      <form className="card-body" onSubmit={submit} noValidate>
        <h2 className="h5" id="checkout-panel-title">
          {t('co.title')}
        </h2>
        {waiting && (
          <div className="alert alert-info small" role="status">
            {t('co.waiting', { id: waiting.id })}{' '}
            <Link to={paths.checkout(waiting.id)}>{t('payFor', { id: waiting.id })}</Link>
          </div>
        )}
        <div className="row g-3">
          <div className="col-md-6">
            <DeliveryChoice
              methods={methods.data}
              value={delivery}
              onChange={(next) => {
                setDelivery(next);
                showDeliveryError(null);
              }}
              addresses={saved.data?.addresses}
              error={deliveryError}
              errorField={deliveryErrorField}
            />
          </div>
          <div className="col-md-6">
            <label htmlFor={phoneId} className="form-label">
              {t('co.phone')}
            </label>
            <PhoneInput
              id={phoneId}
              invalid={Boolean(phoneError)}
              value={phone}
              onChange={(next) => {
                setPhone(next);
                setPhoneError(null);
              }}
              aria-describedby={phoneHelpId}
              maxLength={32}
              required
            />
            <div id={phoneHelpId} className={phoneError ? 'invalid-feedback d-block' : 'form-text'}>
              {phoneError ?? t('co.phoneHelp')}
            </div>
            <label htmlFor={codeId} className="form-label mt-3">
              {t('co.code')}
            </label>
            <input
              id={codeId}
              className={codeError ? 'form-control is-invalid' : 'form-control'}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(null);
              }}
              aria-describedby={codeHelpId}
              aria-invalid={codeError ? true : undefined}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={30}
            />
            <div id={codeHelpId} className={codeError ? 'invalid-feedback d-block' : 'form-text'}>
              {codeError ?? t('co.codeHelp')}
            </div>
          </div>
        </div>

        <PriceEstimate
          items={items}
          shipping={choicePricing(methods.data, delivery)}
          orders={orders.data}
          nudgeMethod={
            chosenMethod(methods.data, delivery.option) ?? methods.data?.find((m) => m.name === 'CBD Delivery')
          }
        />

        {!isVerified && (
          <div className="alert alert-warning mt-3 mb-0" role="alert">
            {t('co.verify')}
          </div>
        )}
        <div className="d-flex justify-content-end mt-3">
          <button type="submit" className="btn btn-primary btn-lg" disabled={place.isPending || !isVerified}>
            {place.isPending ? t('co.placing') : t('co.proceed')}
          </button>
        </div>
      </form>
    </section>
  );
}
