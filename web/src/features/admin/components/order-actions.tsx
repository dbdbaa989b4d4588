import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import { formatKsh } from '@mtumba/contract/money';
import { errorMessage } from '@/lib/api-client';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useOrderAction, type OrderAction } from '../api/order-actions';
import { FlashAlert } from './flash-alert';

const REFUNDABLE = ['paid', 'refund_due', 'partially_refunded'];
const UNPAID = ['unpaid', 'pending', 'failed'];

/**
 * What the shop can do with an order besides moving its status: answer a cancellation request,
 * record a payment it received itself (an M-Pesa code from the till, cash), record a refund.
 */
export function OrderActions({ order }: { order: AdminOrderDetailJson }) {
  const action = useOrderAction(order.id);
  const banner = useFlashMessage();
  const id = useId();
  const [note, setNote] = useState('');
  const [method, setMethod] = useState<'mpesa' | 'cash' | 'card' | 'bank'>('mpesa');
  const [reference, setReference] = useState('');
  const [refundMethod, setRefundMethod] = useState<'mpesa' | 'card' | 'cash'>('mpesa');
  const left = Math.round((order.total_amount - order.refunded_amount) * 100) / 100;
  // A refund that is due (a paid order was cancelled) shows its form with the amount left; on an
  // order that is simply paid the form stays folded behind a quiet button, its amount empty.
  const due = order.payment_status === 'refund_due';
  const [refunding, setRefunding] = useState(false);
  const [typedAmount, setAmount] = useState<string | null>(null);
  const amount = typedAmount ?? (due ? String(left) : '');
  const [refundReference, setRefundReference] = useState('');

  const run = (a: OrderAction, done: string) =>
    action.mutate(a, {
      onSuccess: (reply) => banner.show('success', reply.message || done),
      onError: (err) => banner.show('danger', errorMessage(err, 'That did not work. Please try again.')),
    });

  // pay on delivery: the rider's collection is recorded while the order is processing or shipped
  const podDue =
    order.payment_method === 'pay_on_delivery' &&
    order.payment_status === 'unpaid' &&
    (order.order_status === 'processing' || order.order_status === 'shipped');
  const canRecordPayment = podDue || (order.order_status === 'pending' && UNPAID.includes(order.payment_status));
  const canRefund = REFUNDABLE.includes(order.payment_status) && left > 0;
  // The card stays while its message shows: the last refund or payment leaves nothing to do, and the
  // admin must still read that it was recorded.
  if (!banner.message && !order.cancel_request_open && !canRecordPayment && !canRefund) return null;

  const submit = (e: FormEvent, a: OrderAction, done: string) => {
    e.preventDefault();
    run(a, done);
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5" id={`${id}-title`}>
          Actions
        </Card.Title>
        <FlashAlert message={banner.message} className="mb-3" />

        {order.cancel_request_open && (
          <Form
            className="mb-4"
            aria-label="Cancellation request"
            onSubmit={(e) => submit(e, { kind: 'cancel-request', body: { decision: 'decline', note } }, 'Declined.')}
          >
            <h3 className="h6">Cancellation request</h3>
            <Form.Group className="mb-2" controlId={`${id}-note`}>
              <Form.Label>Note to the customer (when declining)</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="danger"
                disabled={action.isPending}
                onClick={() =>
                  run({ kind: 'cancel-request', body: { decision: 'approve', note: note || null } }, 'Cancelled.')
                }
              >
                Approve and cancel the order
              </Button>
              <Button type="submit" variant="outline-secondary" disabled={action.isPending}>
                Decline
              </Button>
            </div>
          </Form>
        )}

        {canRecordPayment && (
          <Form
            className="mb-4"
            aria-label="Record a payment"
            onSubmit={(e) => submit(e, { kind: 'payment', body: { method, reference } }, 'Payment recorded.')}
          >
            <h3 className="h6">Record a payment ({formatKsh(order.total_amount)})</h3>
            {podDue ? (
              <p className="small text-body-secondary">
                Pay on delivery: record the cash or M-Pesa the rider collected. The order can then be marked delivered.
              </p>
            ) : (
              <p className="small text-body-secondary">
                For money the shop received itself, e.g. an M-Pesa payment seen on the till statement. The order moves
                to processing.
              </p>
            )}
            <div className="d-flex flex-wrap gap-2 align-items-end">
              <Form.Group controlId={`${id}-method`}>
                <Form.Label>Method</Form.Label>
                <Form.Select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
                  <option value="mpesa">M-Pesa</option>
                  <option value="cash">Cash</option>
                  <option value="card">Card</option>
                  <option value="bank">Bank</option>
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={`${id}-reference`}>
                <Form.Label>Reference (M-Pesa code)</Form.Label>
                <Form.Control
                  required
                  maxLength={64}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                />
              </Form.Group>
              <Button type="submit" disabled={action.isPending}>
                Record payment
              </Button>
            </div>
          </Form>
        )}

        {canRefund && !refunding && !due && (
          <Button variant="link" className="px-0" onClick={() => setRefunding(true)}>
            Record a refund…
          </Button>
        )}

        {canRefund && (refunding || due) && (
          <Form
            aria-label="Record a refund"
            onSubmit={(e) =>
              submit(
                e,
                {
                  kind: 'refund',
                  body: { amount: Number(amount), method: refundMethod, reference: refundReference || null },
                },
                'Refund recorded.',
              )
            }
          >
            <h3 className="h6">Record a refund</h3>
            <p className="small text-body-secondary">
              Left to refund: {formatKsh(left)}. Record each amount you send back; the customer is e-mailed.
            </p>
            <div className="d-flex flex-wrap gap-2 align-items-end">
              <Form.Group controlId={`${id}-amount`}>
                <Form.Label>Amount (Ksh)</Form.Label>
                <Form.Control
                  type="number"
                  min="0.01"
                  step="0.01"
                  max={left}
                  required
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </Form.Group>
              <Form.Group controlId={`${id}-refund-method`}>
                <Form.Label>Method</Form.Label>
                <Form.Select
                  value={refundMethod}
                  onChange={(e) => setRefundMethod(e.target.value as typeof refundMethod)}
                >
                  <option value="mpesa">M-Pesa</option>
                  <option value="card">Card</option>
                  <option value="cash">Cash</option>
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={`${id}-refund-reference`}>
                <Form.Label>Reference</Form.Label>
                <Form.Control
                  maxLength={64}
                  value={refundReference}
                  onChange={(e) => setRefundReference(e.target.value)}
                />
              </Form.Group>
              <Button type="submit" variant="outline-danger" disabled={action.isPending}>
                Record refund
              </Button>
              {!due && (
                <Button variant="link" onClick={() => setRefunding(false)} disabled={action.isPending}>
                  Close
                </Button>
              )}
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
