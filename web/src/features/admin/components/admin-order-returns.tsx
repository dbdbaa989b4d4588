import type { AdminOrderDetailJson } from '@mtumba/contract/order';
import {
  RETURN_REASON_WORDS,
  WRITE_OFF_REASONS,
  WRITE_OFF_REASON_WORDS,
  type ReturnJson,
  type WriteOffReason,
} from '@mtumba/contract/returns';
import { formatKsh } from '@mtumba/contract/money';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/api-client';
import { useFlashMessage } from '@/lib/use-flash-message';
import { useAdminOrderReturns, useReturnAction, type ReturnAction } from '../api/returns';
import { FlashAlert } from './flash-alert';

const KIND_WORDS: Record<ReturnJson['kind'], string> = {
  customer_return: 'Customer return',
  refused: 'Refused at the door',
  failed_delivery: 'Delivery failed',
};

export const RETURN_STATUS_WORDS: Record<ReturnJson['status'], string> = {
  requested: 'Requested: approve or decline',
  approved: 'Waiting for the items',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
};

type Run = (a: ReturnAction, done: string) => void;

function ReceiveItem({
  ret,
  item,
  run,
  busy,
}: {
  ret: ReturnJson;
  item: ReturnJson['items'][number];
  run: Run;
  busy: boolean;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<'resell' | 'write_off'>('resell');
  const [reason, setReason] = useState<WriteOffReason>('damaged');
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 mt-1"
      aria-label={`Receive ${item.product_name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            kind: 'receive',
            returnId: ret.id,
            body: { items: [{ id: item.id, outcome, reason: outcome === 'write_off' ? reason : null }] },
          },
          'Item received.',
        );
      }}
    >
      <Form.Group controlId={`${id}-outcome`}>
        <Form.Label className="small mb-0">Outcome</Form.Label>
        <Form.Select size="sm" value={outcome} onChange={(e) => setOutcome(e.target.value as 'resell' | 'write_off')}>
          <option value="resell">Back on sale</option>
          <option value="write_off">Write off</option>
        </Form.Select>
      </Form.Group>
      {outcome === 'write_off' && (
        <Form.Group controlId={`${id}-reason`}>
          <Form.Label className="small mb-0">Why</Form.Label>
          <Form.Select size="sm" value={reason} onChange={(e) => setReason(e.target.value as WriteOffReason)}>
            {WRITE_OFF_REASONS.map((r) => (
              <option key={r} value={r}>
                {WRITE_OFF_REASON_WORDS[r]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Button type="submit" size="sm" disabled={busy}>
        Receive
      </Button>
    </Form>
  );
}

function RefundForm({ ret, run, busy }: { ret: ReturnJson; run: Run; busy: boolean }) {
  const id = useId();
  const [amount, setAmount] = useState(String(ret.refundable));
  const [method, setMethod] = useState<'mpesa' | 'card' | 'cash'>('mpesa');
  const [reference, setReference] = useState('');
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 mt-2"
      aria-label={`Refund return #${ret.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { kind: 'refund', returnId: ret.id, body: { amount: Number(amount), method, reference: reference || null } },
          'Refund recorded.',
        );
      }}
    >
      <Form.Group controlId={`${id}-amount`}>
        <Form.Label className="small mb-0">Refund (up to {formatKsh(ret.refundable)})</Form.Label>
        <Form.Control size="sm" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Form.Group>
      <Form.Group controlId={`${id}-method`}>
        <Form.Label className="small mb-0">Method</Form.Label>
        <Form.Select size="sm" value={method} onChange={(e) => setMethod(e.target.value as 'mpesa' | 'card' | 'cash')}>
          <option value="mpesa">M-Pesa</option>
          <option value="cash">Cash</option>
          <option value="card">Card</option>
        </Form.Select>
      </Form.Group>
      <Form.Group controlId={`${id}-reference`}>
        <Form.Label className="small mb-0">Reference</Form.Label>
        <Form.Control size="sm" maxLength={64} value={reference} onChange={(e) => setReference(e.target.value)} />
      </Form.Group>
      <Button type="submit" size="sm" variant="warning" disabled={busy}>
        Record refund
      </Button>
    </Form>
  );
}

function ReturnCard({ ret, run, busy }: { ret: ReturnJson; run: Run; busy: boolean }) {
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <li className="list-group-item" data-testid="admin-return">
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <strong>
          #{ret.id} {KIND_WORDS[ret.kind]}
        </strong>
        <span className="badge text-bg-secondary">{RETURN_STATUS_WORDS[ret.status]}</span>
        {ret.refunded > 0 && <span className="small">refunded {formatKsh(ret.refunded)}</span>}
      </div>
      {ret.reason && (
        <div className="small">
          Reason: {RETURN_REASON_WORDS[ret.reason]}
          {ret.note ? ` — ${ret.note}` : ''}
        </div>
      )}
      {!ret.reason && ret.note && <div className="small">{ret.note}</div>}
      {ret.photos.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mt-1">
          {ret.photos.map((src, i) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img
                src={src}
                alt={`Customer photo ${i + 1}`}
                width={72}
                height={72}
                className="rounded object-fit-cover"
              />
            </a>
          ))}
        </div>
      )}
      {ret.shop_note && <div className="small">Shop’s note: {ret.shop_note}</div>}
      <ul className="list-unstyled mb-0 mt-2">
        {ret.items.map((item) => (
          <li key={item.id} className="mb-2">
            {item.product_name} × {item.quantity} · {formatKsh(item.amount)}
            {item.received_at && (
              <span className="small text-body-secondary">
                {' '}
                ·{' '}
                {item.outcome === 'resell'
                  ? 'back on sale'
                  : `written off (${item.write_off_reason ? WRITE_OFF_REASON_WORDS[item.write_off_reason] : '—'})`}
              </span>
            )}
            {ret.status === 'approved' && !item.received_at && (
              <ReceiveItem ret={ret} item={item} run={run} busy={busy} />
            )}
          </li>
        ))}
      </ul>
      {ret.status === 'requested' && (
        <div className="mt-2">
          <Form.Group className="mb-2" controlId={`${id}-note`}>
            <Form.Label className="small mb-0">Note to the customer</Form.Label>
            <Form.Control size="sm" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                run({ kind: 'approve', returnId: ret.id, body: { note: note || null } }, 'Return approved.')
              }
            >
              Approve return
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              disabled={busy}
              onClick={() =>
                run({ kind: 'decline', returnId: ret.id, body: { note: note || null } }, 'Return declined.')
              }
            >
              Decline return
            </Button>
          </div>
        </div>
      )}
      {ret.status === 'received' && ret.refundable > 0 && <RefundForm ret={ret} run={run} busy={busy} />}
    </li>
  );
}

/**
 * Returns and refused deliveries on the admin's order page (docs/product.md section 15): record a
 * refused or failed delivery of a shipped order, answer a return request, receive items (back on
 * sale or written off), refund a received return.
 */
export function AdminOrderReturns({ order }: { order: AdminOrderDetailJson }) {
  const id = useId();
  const { data } = useAdminOrderReturns(order.id);
  const action = useReturnAction();
  const banner = useFlashMessage();
  const [failureNote, setFailureNote] = useState('');

  const run: Run = (a, done) =>
    action.mutate(a, {
      onSuccess: (reply) => banner.show('success', reply.message || done),
      onError: (err) => banner.show('danger', errorMessage(err, 'That did not work. Please try again.')),
    });

  const shipped = order.order_status === 'shipped';
  const returns = data?.returns ?? [];
  if (!shipped && returns.length === 0 && !banner.message) return null;

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5" id={`${id}-title`}>
          Returns
        </Card.Title>
        <FlashAlert message={banner.message} className="mb-3" />
        {shipped && (
          <div className="mb-3">
            <Form.Group className="mb-2" controlId={`${id}-failure-note`}>
              <Form.Label>If the parcel came back undelivered: note (optional)</Form.Label>
              <Form.Control maxLength={500} value={failureNote} onChange={(e) => setFailureNote(e.target.value)} />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="outline-danger"
                disabled={action.isPending}
                onClick={() =>
                  run(
                    {
                      kind: 'delivery-failed',
                      orderId: order.id,
                      body: { kind: 'refused', note: failureNote || null },
                    },
                    'Recorded.',
                  )
                }
              >
                Refused at the door
              </Button>
              <Button
                variant="outline-secondary"
                disabled={action.isPending}
                onClick={() =>
                  run(
                    {
                      kind: 'delivery-failed',
                      orderId: order.id,
                      body: { kind: 'failed_delivery', note: failureNote || null },
                    },
                    'Recorded.',
                  )
                }
              >
                Delivery failed
              </Button>
            </div>
          </div>
        )}
        {returns.length > 0 && (
          <ul className="list-group">
            {returns.map((ret) => (
              <ReturnCard key={ret.id} ret={ret} run={run} busy={action.isPending} />
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
