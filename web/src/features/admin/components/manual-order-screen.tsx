import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from '@/components/ui/link';
import {
  SALES_CHANNELS,
  SALES_CHANNEL_LABELS,
  type AdminCustomerJson,
  type ManualOrderQuoteRequest,
  type ManualOrderReply,
  type SalesChannel,
} from '@mtumba/contract/manual-order';
import { MANUAL_PAYMENT_METHODS } from '@mtumba/contract/order';
import { formatKsh } from '@mtumba/contract/money';
import type { Product } from '@mtumba/contract/product';
import { BusyButton } from '@/components/ui/busy-button';
import {
  chosenMethod,
  DeliveryChoice,
  deliveryBody,
  EMPTY_DELIVERY,
  missingDelivery,
  type DeliveryFormState,
} from '@/components/ui/delivery-choice';
import { PHONE_PLACEHOLDER } from '@/components/ui/phone-input';
import { deliveryFeeText, PriceSummary } from '@/components/ui/price-summary';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeliveryMethods } from '@/lib/delivery-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFindOrCreateCustomer } from '../api/find-or-create-customer';
import { useCreateManualOrder, useManualQuote } from '../api/manual-order';
import { useCustomerSearch } from '../api/search-customers';
import { useProductsForSale } from '../api/search-products-for-sale';
import { PayLinkShare } from './pay-link-share';
import { LanguageProvider } from '@/i18n';

const METHOD_LABELS: Record<(typeof MANUAL_PAYMENT_METHODS)[number], string> = {
  mpesa: 'M-Pesa',
  cash: 'Cash',
  card: 'Card',
  bank: 'Bank transfer',
};

/** Kenyan phones are kept as +2547…; the admin reads and types 07…. */
function localPhone(phone: string | null): string {
  if (!phone) return '';
  return phone.startsWith('+254') ? `0${phone.slice(4)}` : phone;
}

/** How the admin reads a customer's contact: the e-mail, or that they are known only by phone. */
function contactLine(c: AdminCustomerJson): string {
  const email = c.has_email ? c.email : 'No e-mail: texts only';
  return c.phone ? `${email} · ${localPhone(c.phone)}` : email;
}

/**
 * What the admin typed into Find, carried into the new-customer form: an e-mail address goes to
 * the e-mail field, anything else (a phone number) to the phone field.
 */
export function newCustomerFromSearch(typed: string): { email: string; phone: string } {
  const text = typed.trim();
  return text.includes('@') ? { email: text, phone: '' } : { email: '', phone: text };
}

function firstFieldError(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || !err.body.errors) return undefined;
  return Object.values(err.body.errors)[0]?.[0];
}

// ---------------------------------------------------------------------------------------------

function CustomerStep({
  customer,
  onChoose,
}: {
  customer: AdminCustomerJson | null;
  onChoose: (c: AdminCustomerJson | null) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = useCustomerSearch(submitted);
  const [creating, setCreating] = useState(false);
  const [fields, setFields] = useState({ name: '', email: '', phone: '' });
  const save = useFindOrCreateCustomer();
  const [note, setNote] = useState<string | null>(null);

  if (customer) {
    return (
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <div className="fw-semibold" data-testid="chosen-customer">
            {customer.name}
          </div>
          <div className="small text-body-secondary">{contactLine(customer)}</div>
          {note && <div className="small mt-1">{note}</div>}
        </div>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onChoose(null)}>
          Change customer
        </button>
      </div>
    );
  }

  // the phone (or e-mail) typed into Find is carried into New customer, so the admin types it once
  const carryOver = (typed: string) => {
    const from = newCustomerFromSearch(typed);
    setFields((f) => ({ ...f, email: f.email || from.email, phone: f.phone || from.phone }));
  };
  const find = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(query.trim());
    if (creating) carryOver(query);
  };
  const create = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: fields.name, email: fields.email.trim() || null, phone: fields.phone.trim() || null },
      {
        onSuccess: (reply) => {
          setNote(reply.message);
          onChoose(reply.customer);
        },
      },
    );
  };

  return (
    <>
      <Form onSubmit={find} role="search" aria-label="Find a customer" className="mb-3">
        <Form.Label htmlFor={`${id}-q`}>Phone number or e-mail address</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            id={`${id}-q`}
            value={query}
            inputMode="email"
            autoComplete="off"
            placeholder={PHONE_PLACEHOLDER}
            onChange={(e) => setQuery(e.target.value)}
          />
          <BusyButton busy={search.isFetching} busyLabel="Finding…" className="btn btn-primary">
            Find
          </BusyButton>
        </div>
      </Form>
      {search.isError && (
        <p className="text-danger small" role="alert">
          {firstFieldError(search.error) ?? errorMessage(search.error, 'Could not search.')}
        </p>
      )}
      {search.data && search.data.length === 0 && <p className="small">No customer found with {submitted}.</p>}
      {search.data && search.data.length > 0 && (
        <ul className="list-unstyled mb-3" aria-label="Customers found">
          {search.data.map((c) => (
            <li key={c.id} className="manual-order__pick">
              <div className="manual-order__pick-text">
                <div className="fw-semibold">{c.name}</div>
                <div className="small text-body-secondary text-truncate">{contactLine(c)}</div>
              </div>
              <button type="button" className="btn btn-outline-primary" onClick={() => onChoose(c)}>
                Choose
              </button>
            </li>
          ))}
        </ul>
      )}
      {!creating ? (
        <button
          type="button"
          className="btn btn-link px-0"
          onClick={() => {
            carryOver(query || submitted);
            setCreating(true);
          }}
        >
          New customer
        </button>
      ) : (
        <Form onSubmit={create} aria-label="New customer" className="border-top pt-3">
          <h3 className="h6">New customer</h3>
          <p className="small text-body-secondary">
            A name and a phone number are enough. Without an e-mail, the customer gets the pay link by SMS with a link
            to set up their account (e-mail and password); with one, they set a password with “Forgot password”. An
            e-mail or phone that already has an account picks that account, unchanged.
          </p>
          <Form.Group className="mb-2" controlId={`${id}-name`}>
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={fields.name}
              autoComplete="off"
              onChange={(e) => setFields({ ...fields, name: e.target.value })}
              required
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId={`${id}-phone`}>
            <Form.Label>Phone (for SMS and WhatsApp)</Form.Label>
            <Form.Control
              type="tel"
              inputMode="tel"
              value={fields.phone}
              autoComplete="off"
              placeholder={PHONE_PLACEHOLDER}
              onChange={(e) => setFields({ ...fields, phone: e.target.value })}
              required={!fields.email.trim()}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-email`}>
            <Form.Label>E-mail (optional)</Form.Label>
            <Form.Control
              type="email"
              value={fields.email}
              autoComplete="off"
              onChange={(e) => setFields({ ...fields, email: e.target.value })}
            />
          </Form.Group>
          {save.isError && (
            <p className="text-danger small" role="alert">
              {firstFieldError(save.error) ?? errorMessage(save.error, 'Could not save the customer.')}
            </p>
          )}
          <BusyButton busy={save.isPending} busyLabel="Saving…" className="btn btn-primary">
            Use this customer
          </BusyButton>
        </Form>
      )}
    </>
  );
}

function ItemsStep({ picked, onChange }: { picked: Product[]; onChange: (items: Product[]) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 300);
  const found = useProductsForSale(settled);
  const pickedIds = new Set(picked.map((p) => p.id));

  return (
    <>
      {picked.length > 0 && (
        <ul className="list-unstyled mb-3" aria-label="Items in the order">
          {picked.map((p) => (
            <li key={p.id} className="manual-order__pick">
              {p.image_url ? <img src={p.image_url} alt="" /> : <span className="pay-link__thumb" />}
              <div className="manual-order__pick-text">
                <div className="fw-semibold text-truncate">{p.name}</div>
                <div className="small">{formatKsh(p.price)}</div>
              </div>
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label={`Remove ${p.name}`}
                onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <Form.Label htmlFor={`${id}-q`}>Find items on sale</Form.Label>
      <Form.Control
        id={`${id}-q`}
        type="search"
        value={query}
        placeholder="Name, brand…"
        onChange={(e) => setQuery(e.target.value)}
        className="mb-2"
      />
      {found.isError && <p className="text-danger small">Could not load the items.</p>}
      <ul className="list-unstyled mb-0" aria-label="Items on sale">
        {(found.data ?? []).map((p) => (
          <li key={p.id} className="manual-order__pick">
            {p.image_url ? <img src={p.image_url} alt="" /> : <span className="pay-link__thumb" />}
            <div className="manual-order__pick-text">
              <div className="text-truncate">{p.name}</div>
              <div className="small">
                {formatKsh(p.price)}
                {p.size ? ` · ${p.size}` : ''}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={pickedIds.has(p.id)}
              aria-label={pickedIds.has(p.id) ? `${p.name} added` : `Add ${p.name}`}
              onClick={() => onChange([...picked, p])}
            >
              {pickedIds.has(p.id) ? 'Added' : 'Add'}
            </button>
          </li>
        ))}
      </ul>
      {found.data && found.data.length === 0 && <p className="small mb-0">No item on sale matches.</p>}
    </>
  );
}

function Done({ reply, onAnother }: { reply: ManualOrderReply; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was long: the admin is taken to the result (and a screen reader reads it).
  useEffect(() => {
    const el = heading.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    el.focus({ preventScroll: true });
  }, []);
  return (
    <Card as="section" aria-labelledby="manual-done" className="mb-4" data-testid="manual-order-done">
      <Card.Body>
        {/* the margin keeps the heading clear of the sticky navigation bar when scrolled to */}
        <h2 className="h5" id="manual-done" ref={heading} tabIndex={-1} style={{ scrollMarginTop: '8rem' }}>
          Order #{reply.order.id} created
        </h2>
        <p role="status">
          {reply.message} Total {formatKsh(reply.order.total_amount)}.
        </p>
        {reply.sandbox_sms && (
          <div className="alert alert-info small" data-testid="sandbox-sms">
            <strong>Test text (SMS sandbox, not sent):</strong> {reply.sandbox_sms}
          </div>
        )}
        {reply.pay_link && <PayLinkShare link={reply.pay_link} phone={reply.order.shipping_phone} />}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Link to={paths.adminOrder(reply.order.id)} className="btn btn-outline-primary">
            Open order #{reply.order.id}
          </Link>
          <button type="button" className="btn btn-outline-secondary" onClick={onAnother}>
            New manual order
          </button>
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * The admin builds an order for a sale made on WhatsApp, by phone or live (docs/product.md
 * section 10): customer, items on sale, delivery, an optional discount with its reason, then the
 * payment already received or a pay link to send. Made for a phone: one column, big targets.
 */
export function ManualOrderScreen() {
  const id = useId();
  const [customer, setCustomer] = useState<AdminCustomerJson | null>(null);
  const [items, setItems] = useState<Product[]>([]);
  const [channel, setChannel] = useState<SalesChannel>('whatsapp');
  // the spec's first choice, as before; every active method is offered
  const [delivery, setDelivery] = useState<DeliveryFormState>({ ...EMPTY_DELIVERY, option: 'CBD Delivery' });
  const methods = useDeliveryMethods();
  const [phone, setPhone] = useState('');
  const [discount, setDiscount] = useState('');
  const [reason, setReason] = useState('');
  const [paid, setPaid] = useState(false);
  const [method, setMethod] = useState<(typeof MANUAL_PAYMENT_METHODS)[number]>('mpesa');
  const [reference, setReference] = useState('');
  const [reply, setReply] = useState<ManualOrderReply | null>(null);
  const create = useCreateManualOrder();

  const chooseCustomer = (c: AdminCustomerJson | null) => {
    setCustomer(c);
    setPhone(localPhone(c?.phone ?? null));
  };

  const discountAmount = Number(discount);
  const deliveryMethod = chosenMethod(methods.data, delivery.option);
  // the address fields the method needs, as at checkout: no price is asked for until they are there
  const missing = delivery.option
    ? missingDelivery(deliveryMethod, delivery)
    : { field: 'option' as const, message: 'Choose how the order is delivered.' };
  const incomplete = missing !== undefined;
  const body: ManualOrderQuoteRequest | undefined = useMemo(() => {
    if (!customer || items.length === 0 || incomplete) return undefined;
    return {
      customer_id: customer.id,
      items: items.map((p) => ({ product_id: p.id, quantity: 1 })),
      ...deliveryBody(methods.data, delivery),
      shipping_phone: phone.trim() || null,
      channel,
      discount: discount.trim() && discountAmount > 0 ? { amount: discountAmount, reason } : null,
    };
  }, [customer, items, incomplete, methods.data, delivery, phone, channel, discount, discountAmount, reason]);
  const settledBody = useDebouncedValue(body, 300);
  const quote = useManualQuote(settledBody);

  const reset = () => {
    setCustomer(null);
    setDelivery({ ...EMPTY_DELIVERY, option: 'CBD Delivery' });
    setItems([]);
    setDiscount('');
    setReason('');
    setPhone('');
    setPaid(false);
    setReference('');
    setReply(null);
    create.reset();
  };

  if (reply) {
    return (
      <div className="manual-order">
        <h1 className="h3 mb-3">New manual order</h1>
        <Done reply={reply} onAnother={reset} />
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body) return;
    create.mutate({ ...body, payment: paid ? { method, reference } : null }, { onSuccess: (r) => setReply(r) });
  };

  const createError = create.isError
    ? (firstFieldError(create.error) ?? errorMessage(create.error, 'Could not create the order.'))
    : null;

  return (
    <div className="manual-order">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">New manual order</h1>
        <Link to={paths.adminOrders()} className="btn btn-link px-0">
          All orders
        </Link>
      </div>
      <p className="text-body-secondary">
        For a sale made on WhatsApp, by phone or live. The items are held for the customer as soon as the order is
        created.
      </p>

      <Card as="section" aria-labelledby={`${id}-customer`} className="mb-3">
        <Card.Body>
          <h2 className="h5" id={`${id}-customer`}>
            1. Customer
          </h2>
          <CustomerStep customer={customer} onChoose={chooseCustomer} />
        </Card.Body>
      </Card>

      <Card as="section" aria-labelledby={`${id}-items`} className="mb-3">
        <Card.Body>
          <h2 className="h5" id={`${id}-items`}>
            2. Items
          </h2>
          <ItemsStep picked={items} onChange={setItems} />
        </Card.Body>
      </Card>

      <Form onSubmit={submit} aria-labelledby={`${id}-sale`}>
        <Card as="section" className="mb-3">
          <Card.Body>
            <h2 className="h5" id={`${id}-sale`}>
              3. Sale and delivery
            </h2>
            <Form.Group className="mb-3" controlId={`${id}-channel`}>
              <Form.Label>Where the sale was made</Form.Label>
              <Form.Select value={channel} onChange={(e) => setChannel(e.target.value as SalesChannel)}>
                {SALES_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {SALES_CHANNEL_LABELS[c]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <div className="mb-3">
              {/* the admin stays English, whatever language the shop's pages are in */}
              <LanguageProvider language="en">
                <DeliveryChoice
                  methods={methods.data}
                  value={delivery}
                  onChange={setDelivery}
                  addresses={undefined}
                  error={customer && items.length > 0 && missing ? missing.message : null}
                  errorField={missing?.field ?? null}
                />
              </LanguageProvider>
            </div>
            <Form.Group className="mb-3" controlId={`${id}-phone`}>
              <Form.Label>Customer’s phone</Form.Label>
              <Form.Control
                type="tel"
                inputMode="tel"
                value={phone}
                placeholder={PHONE_PLACEHOLDER}
                onChange={(e) => setPhone(e.target.value)}
              />
            </Form.Group>
            <fieldset className="mb-1">
              <legend className="fs-6 fw-semibold">Discount (optional)</legend>
              <div className="row g-2">
                <Form.Group className="col-5" controlId={`${id}-discount`}>
                  <Form.Label>Amount (Ksh)</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    value={discount}
                    onChange={(e) => setDiscount(e.target.value)}
                  />
                </Form.Group>
                <Form.Group className="col-7" controlId={`${id}-reason`}>
                  <Form.Label>Reason</Form.Label>
                  <Form.Control
                    value={reason}
                    maxLength={200}
                    placeholder="Regular customer"
                    onChange={(e) => setReason(e.target.value)}
                  />
                </Form.Group>
              </div>
            </fieldset>
          </Card.Body>
        </Card>

        <Card as="section" aria-labelledby={`${id}-pay`} className="mb-3">
          <Card.Body>
            <h2 className="h5" id={`${id}-pay`}>
              4. Payment
            </h2>
            <Form.Check
              type="radio"
              id={`${id}-link`}
              name="payment"
              label="Send a pay link (M-Pesa or card, no sign-in needed)"
              checked={!paid}
              onChange={() => setPaid(false)}
              className="mb-2"
            />
            <Form.Check
              type="radio"
              id={`${id}-paid`}
              name="payment"
              label="Already paid (cash, M-Pesa code)"
              checked={paid}
              onChange={() => setPaid(true)}
            />
            {paid && (
              <div className="row g-2 mt-1">
                <Form.Group className="col-5" controlId={`${id}-method`}>
                  <Form.Label>Method</Form.Label>
                  <Form.Select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
                    {MANUAL_PAYMENT_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {METHOD_LABELS[m]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-7" controlId={`${id}-reference`}>
                  <Form.Label>Reference</Form.Label>
                  <Form.Control
                    value={reference}
                    maxLength={64}
                    placeholder={method === 'mpesa' ? 'M-Pesa code' : 'Receipt number'}
                    onChange={(e) => setReference(e.target.value)}
                    required
                  />
                </Form.Group>
              </div>
            )}
          </Card.Body>
        </Card>

        <Card as="section" aria-labelledby={`${id}-summary`} className="mb-3">
          <Card.Body>
            <h2 className="h5" id={`${id}-summary`}>
              Summary
            </h2>
            {!body && (
              <p className="mb-0 small">
                {customer && items.length > 0 && incomplete
                  ? 'Fill in the delivery details to see the total.'
                  : 'Choose a customer and at least one item to see the total.'}
              </p>
            )}
            {body && quote.isError && (
              <p className="text-danger small mb-0" role="alert">
                {firstFieldError(quote.error) ?? errorMessage(quote.error, 'Could not price the order.')}
              </p>
            )}
            {body && quote.data && !quote.isError && (
              <PriceSummary
                discounts={quote.data.applied_discounts}
                discountsLabel="Discounts applied"
                subtotal={quote.data.subtotal}
                discount={quote.data.discount_amount}
                delivery={deliveryFeeText(deliveryMethod?.name ?? delivery.option, quote.data.delivery_fee)}
                total={quote.data.total_amount}
                totalLabel="Total"
                totalTestId="manual-order-total"
              />
            )}
          </Card.Body>
        </Card>

        {createError && (
          <div className="alert alert-danger" role="alert">
            {createError}
          </div>
        )}
        <BusyButton
          busy={create.isPending}
          busyLabel="Creating…"
          disabled={!body}
          className="btn btn-primary btn-lg w-100 mb-4"
        >
          {paid ? 'Create paid order' : 'Create order and pay link'}
        </BusyButton>
      </Form>
    </div>
  );
}
