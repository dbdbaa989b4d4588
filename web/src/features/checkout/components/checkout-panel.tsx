import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
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

export const FILL_BOTH_MESSAGE = 'Please fill both the shipping address and phone number.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty.';
export const CHECKOUT_FAILED_MESSAGE = 'Checkout failed. Please try again.';

/** The toast text for a failed POST /orders (docs/product.md section 8). */
export function checkoutErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return CHECKOUT_FAILED_MESSAGE;
  const error = err.body.error;
  if (typeof error === 'string' && error.startsWith('Not enough stock for')) {
    return `${error}. Please reduce the quantity or choose another product.`;
  }
  return error ?? err.body.message ?? CHECKOUT_FAILED_MESSAGE;
}

/** Shipping option, phone and Proceed to Checkout under the cart (docs/product.md sections 2, 5 and 8). */
export function CheckoutPanel({ items }: { items: CartItem[] }) {
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
      toast.error(EMPTY_CART_MESSAGE, { toastId: EMPTY_CART_MESSAGE });
      return;
    }
    // the empty fields are marked where they are, not only named in a toast
    const missing = delivery.option
      ? missingDelivery(chosenMethod(methods.data, delivery.option), delivery)
      : { field: 'option' as const, message: 'Choose a shipping option.' };
    if (!phone.trim()) setPhoneError('Enter your phone number: we call it about your delivery.');
    if (missing) showDeliveryError(missing.message, missing.field);
    if (!delivery.option || !phone.trim()) {
      toast.error(FILL_BOTH_MESSAGE, { toastId: FILL_BOTH_MESSAGE });
      return;
    }
    if (missing) return;
    showDeliveryError(null);
    if (!looksLikeKenyanMobile(phone)) {
      setPhoneError(PHONE_HINT);
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
          Delivery
        </h2>
        {waiting && (
          <div className="alert alert-info small" role="status">
            Order #{waiting.id} is still waiting for payment and holds its items for you.{' '}
            <Link to={paths.checkout(waiting.id)}>Pay for order #{waiting.id}</Link>
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
              Phone number
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
              {phoneError ?? 'A Kenyan mobile number: we call it about your delivery.'}
            </div>
            <label htmlFor={codeId} className="form-label mt-3">
              Discount code (optional)
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
              {codeError ?? 'The first-order offer applies by itself: no code needed.'}
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
            Please verify your e-mail address before checking out: use the link we e-mailed you, or Resend Verification
            Email above.
          </div>
        )}
        <div className="d-flex justify-content-end mt-3">
          <button type="submit" className="btn btn-primary btn-lg" disabled={place.isPending || !isVerified}>
            {place.isPending ? 'Placing your order…' : 'Proceed to Checkout'}
          </button>
        </div>
      </form>
    </section>
  );
}
