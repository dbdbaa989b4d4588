import { formatKshCents } from '@mtumba/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { displayKenyanPhone } from '../../lib/phone.js';
import type { PaymentWithOrder } from './store.js';
import { paymentService } from './service.js';

const referenceParams = z.object({ reference: z.string().max(200) });
const payBody = z
  .object({
    outcome: z.string().optional(),
    method: z.string().optional(),
    phone: z.string().max(40).optional(),
  })
  .loose();

const REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

function escapeHtml(value: string | number): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A Kenyan mobile number as +2547…/+2541…, or undefined. */
function kenyanPhone(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), 'KE');
  if (!parsed || !parsed.isValid() || parsed.country !== 'KE') return undefined;
  return parsed.number;
}

/** 2547… → 07… for display in the form; the customer types the local form most often. */
function localPhone(stored: string | null): string {
  if (!stored) return '';
  const parsed = parsePhoneNumberFromString(stored, 'KE');
  return parsed?.isValid() ? parsed.formatNational() : stored;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f6f1ec;color:#222;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}
.shop{font-weight:700;font-size:1.35rem;color:#7a3e1d;margin:0 0 .75rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.notice{background:#fff3cd;border:1px solid #e6c65c;color:#5c4400;border-radius:.5rem;padding:.75rem;margin:0 0 1rem}
.warning{background:#fde8e8;border:1px solid #e5a4a4;color:#7a1f1f;border-radius:.5rem;padding:.75rem;margin:0 0 1rem}
.error{color:#b00020;font-weight:600}
h1{font-size:1.1rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:0 0 1rem}
fieldset{border:1px solid #ddd;border-radius:.5rem;margin:0 0 1rem;padding:.75rem}
legend{font-weight:600;padding:0 .25rem}
.option{display:flex;align-items:center;gap:.5rem;padding:.5rem 0;font-weight:600}
.option input{width:1.25rem;height:1.25rem}
label.field{display:block;font-size:.9rem;margin:.25rem 0}
input[type=tel]{width:100%;font-size:1rem;padding:.65rem;border:1px solid #bbb;border-radius:.4rem}
.hint{font-size:.85rem;color:#555;margin:.25rem 0 .5rem}
button,.button{display:block;width:100%;font-size:1.05rem;padding:.85rem;border-radius:.5rem;border:0;margin:.5rem 0 0;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#1f7a3d;color:#fff;font-weight:700}
.cancel{background:#fff;color:#7a1f1f;border:1px solid #c99}
.button{background:#7a3e1d;color:#fff}
.ref{font-size:.8rem;color:#666;margin-top:1rem;word-break:break-all}
`;

function layout(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(shopName)}</title><style>${STYLE}</style></head>
<body><main><p class="shop">${escapeHtml(shopName)}</p><div class="card">
${body}
</div></main></body></html>`;
}

const NOTICE = `<p class="notice" role="note"><strong>Test payment — no money moves.</strong> This is the shop's sandbox payment page: choose Pay to simulate a successful payment, or Cancel to simulate a failed one.</p>`;
const SHORT_NOTICE = `<p class="notice" role="note"><strong>Test payment — no money moves.</strong></p>`;

function checkoutPage(
  shopName: string,
  p: PaymentWithOrder,
  problem?: { message: string; method: string; phone: string },
): string {
  const amount = formatKshCents(p.amount_cents);
  const method = problem?.method === 'card' ? 'card' : 'mpesa';
  const phone = problem ? problem.phone : localPhone(p.order.shipping_phone);
  const action = `/pay/sandbox/${encodeURIComponent(p.reference)}`;
  const late =
    p.order.order_status !== 'pending'
      ? `<p class="warning" role="alert">This order is ${escapeHtml(p.order.order_status)}. A payment now is still recorded; if its items are no longer available, the shop will refund it.</p>`
      : '';
  return layout(
    `Pay ${amount}`,
    shopName,
    `${NOTICE}${late}
<h1>Order #${escapeHtml(p.order_id)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
${problem ? `<p class="error" role="alert" id="problem">${escapeHtml(problem.message)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Pay with</legend>
<label class="option"><input type="radio" name="method" value="mpesa"${method === 'mpesa' ? ' checked' : ''}> M-Pesa</label>
<label class="field" for="phone">M-Pesa phone number</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" value="${escapeHtml(phone)}" placeholder="0712 345 678"${problem ? ' aria-describedby="problem"' : ''}>
<p class="hint">A real M-Pesa payment would send a prompt to this phone.</p>
<label class="option"><input type="radio" name="method" value="card"${method === 'card' ? ' checked' : ''}> Card</label>
<p class="hint">No card details are asked for on this test page.</p>
</fieldset>
<button type="submit" name="outcome" value="success" class="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="failure" class="cancel" formnovalidate>Cancel payment</button>
</form>
<p class="ref">Payment reference ${escapeHtml(p.reference)}</p>`,
  );
}

function alreadyPaidPage(shopName: string, p: PaymentWithOrder): string {
  return layout(
    'Already paid',
    shopName,
    `${SHORT_NOTICE}
<h1>Order #${escapeHtml(p.order_id)} is already paid</h1>
<p>This payment of ${escapeHtml(formatKshCents(p.amount_cents))} has already been received. Nothing more to pay.</p>
<a class="button" href="${escapeHtml(p.return_path ?? `/orders/${p.order_id}`)}">View your order</a>`,
  );
}

function notFoundPage(shopName: string): string {
  return layout(
    'Payment not found',
    shopName,
    `<h1>Payment not found</h1>
<p>This payment link is not valid. Start the payment again from your order.</p>
<a class="button" href="/orders">Go to my orders</a>`,
  );
}

/** What the simulated phone can do with a prompt, with M-Pesa's own result code and words. */
const PHONE_ANSWERS = {
  accept: { label: 'Enter PIN and pay', className: 'pay', failure: undefined },
  cancel: { label: 'Cancel', className: 'cancel', failure: { code: '1032', reason: 'Request cancelled by user' } },
  timeout: {
    label: 'Let it time out (no answer)',
    className: 'cancel',
    failure: { code: '1037', reason: 'DS timeout user cannot be reached' },
  },
  insufficient: {
    label: 'Fail: not enough balance',
    className: 'cancel',
    failure: { code: '1', reason: 'The balance is insufficient for the transaction' },
  },
  wrong_pin: {
    label: 'Fail: wrong PIN',
    className: 'cancel',
    failure: { code: '2001', reason: 'The initiator information is invalid' },
  },
} as const;
type PhoneAnswer = keyof typeof PHONE_ANSWERS;

const PHONE_NOTICE = `<p class="notice" role="note"><strong>Simulated phone — test only, no money moves.</strong> With real M-Pesa this prompt appears on the shopper's phone. Choose what the phone does.</p>`;

function phonePage(shopName: string, p: PaymentWithOrder): string {
  const amount = formatKshCents(p.amount_cents);
  const action = `/pay/sandbox/phone/${encodeURIComponent(p.reference)}`;
  const buttons = (Object.keys(PHONE_ANSWERS) as PhoneAnswer[])
    .map(
      (key) =>
        `<button type="submit" name="answer" value="${key}" class="${PHONE_ANSWERS[key].className}">${escapeHtml(PHONE_ANSWERS[key].label)}</button>`,
    )
    .join('\n');
  return layout(
    'Simulated phone',
    shopName,
    `${PHONE_NOTICE}
<h1>M-Pesa prompt on ${escapeHtml(p.phone ? displayKenyanPhone(p.phone) : '')}</h1>
<p>Do you want to pay <strong>${escapeHtml(amount)}</strong> to ${escapeHtml(shopName)} for order #${escapeHtml(p.order_id)}? Enter your M-Pesa PIN.</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(action)}">
${buttons}
</form>
<p class="ref">Payment reference ${escapeHtml(p.reference)}</p>`,
  );
}

function phoneDonePage(shopName: string, p: PaymentWithOrder, text: string): string {
  return layout(
    'Simulated phone',
    shopName,
    `${SHORT_NOTICE}
<h1>${escapeHtml(text)}</h1>
<p>The shop's page follows this on its own: go back to the tab with your order.</p>
<p class="ref">Payment reference ${escapeHtml(p.reference)}</p>`,
  );
}

function isPaid(p: PaymentWithOrder): boolean {
  return p.status === 'paid' || p.order.payment_status === 'paid';
}

/**
 * Server-rendered pages outside /api: the sandbox payment page at /pay/sandbox/{reference} and the
 * sandbox's simulated phone at /pay/sandbox/phone/{reference}.
 */
const paymentPages: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentService({ db: app.db, config: app.config, events: app.events, log: app.log });
  const shopName = app.config.shopName;

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(page);

  const find = async (reference: string) =>
    REFERENCE_PATTERN.test(reference) ? payments.sandboxCheckout(reference) : undefined;

  app.get('/pay/sandbox/:reference', { schema: { hide: true, params: referenceParams } }, async (request, reply) => {
    const payment = await find(request.params.reference);
    if (!payment) return html(reply, 404, notFoundPage(shopName));
    if (isPaid(payment)) return html(reply, 200, alreadyPaidPage(shopName, payment));
    return html(reply, 200, checkoutPage(shopName, payment));
  });

  /** The simulated phone after its prompt: paid, ended, or just answered. */
  const phoneDone = (reply: FastifyReply, payment: PaymentWithOrder, text: string) =>
    html(reply, 200, phoneDonePage(shopName, payment, text));

  const findPrompt = async (reference: string) =>
    REFERENCE_PATTERN.test(reference) ? payments.sandboxPrompt(reference) : undefined;

  app.get(
    '/pay/sandbox/phone/:reference',
    { schema: { hide: true, params: referenceParams } },
    async (request, reply) => {
      const payment = await findPrompt(request.params.reference);
      if (!payment) return html(reply, 404, notFoundPage(shopName));
      if (payment.status !== 'pending') {
        return phoneDone(
          reply,
          payment,
          payment.status === 'paid' ? 'This prompt was paid.' : 'This prompt has ended.',
        );
      }
      return html(reply, 200, phonePage(shopName, payment));
    },
  );

  app.post(
    '/pay/sandbox/phone/:reference',
    {
      schema: {
        hide: true,
        params: referenceParams,
        body: z.object({ answer: z.string().max(40).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const payment = await findPrompt(request.params.reference);
      if (!payment) return html(reply, 404, notFoundPage(shopName));
      if (payment.status !== 'pending') return phoneDone(reply, payment, 'This prompt has ended.');
      const key = (request.body?.answer ?? '') as PhoneAnswer;
      const answer = Object.hasOwn(PHONE_ANSWERS, key) ? PHONE_ANSWERS[key] : undefined;
      if (!answer) return html(reply, 422, phonePage(shopName, payment));
      const result = await payments.sandboxAnswerPrompt(payment, {
        outcome: answer.failure ? 'failure' : 'success',
        failure: answer.failure,
      });
      request.log.info(
        { reference: payment.reference, answer: key, handled: result.ok ? result.outcome : result.error.kind },
        'simulated phone answered',
      );
      return phoneDone(
        reply,
        payment,
        answer.failure ? `Answered: ${answer.label}.` : 'Paid. The shop has your payment.',
      );
    },
  );

  app.post(
    '/pay/sandbox/:reference',
    { schema: { hide: true, params: referenceParams, body: payBody } },
    async (request, reply) => {
      const payment = await find(request.params.reference);
      if (!payment) return html(reply, 404, notFoundPage(shopName));
      const orderId = payment.order_id;
      // A pay link's payment goes back to the pay link's page (the buyer may not be signed in).
      const confirmation = payment.return_path ?? `/payment/confirmationpage?order_id=${orderId}`;
      if (isPaid(payment)) return reply.redirect(confirmation, 303);

      const body = request.body ?? {};
      const outcome = body.outcome === 'failure' ? 'failure' : body.outcome === 'success' ? 'success' : undefined;
      const method = body.method === 'card' ? 'card' : body.method === 'mpesa' || !body.method ? 'mpesa' : undefined;
      const typedPhone = (body.phone ?? '').trim();
      const problem = (message: string) =>
        html(reply, 422, checkoutPage(shopName, payment, { message, method: method ?? 'mpesa', phone: typedPhone }));
      if (!outcome) return problem('Choose Pay or Cancel payment.');
      if (!method) return problem('Choose M-Pesa or card.');
      let phone: string | null = null;
      if (outcome === 'success' && method === 'mpesa') {
        phone = kenyanPhone(typedPhone) ?? null;
        if (!phone) return problem('Enter the M-Pesa phone number, such as 0712 345 678.');
      }

      const result = await payments.sandboxPay(payment, { outcome, method, phone });
      request.log.info(
        { reference: payment.reference, outcome, handled: result.ok ? result.outcome : result.error.kind },
        'sandbox payment submitted',
      );
      if (outcome === 'failure') {
        const back = payment.return_path
          ? `${payment.return_path}?payment=failed`
          : `/checkout/${orderId}?payment=failed`;
        return reply.redirect(back, 303);
      }
      return reply.redirect(confirmation, 303);
    },
  );
};

export default paymentPages;
