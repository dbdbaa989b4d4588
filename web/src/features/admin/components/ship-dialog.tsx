import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { AdminOrderJson } from '@mtumba/contract/order';
import { formatKsh } from '@mtumba/contract/money';
import { errorMessage } from '@/lib/api-client';
import { useOrderAction } from '../api/order-actions';

type ShippableOrder = Pick<AdminOrderJson, 'id' | 'delivery' | 'payment_method' | 'payment_status' | 'total_amount'>;

interface ShipDialogProps {
  order: ShippableOrder;
  show: boolean;
  onHide: () => void;
  /** after the server shipped it, with its message */
  onShipped?: (message: string) => void;
}

/**
 * "Ship": who takes the parcel (rider or courier), the courier's waybill (required when the order
 * goes by courier) and a note to the customer; then a confirm step, because the customer is
 * e-mailed and texted at once (docs/product.md, "Ship an order").
 */
export function ShipDialog({ order, show, onHide, onShipped }: ShipDialogProps) {
  const id = useId();
  const ship = useOrderAction(order.id);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const courier = order.delivery?.kind === 'courier';
  const podDue = order.payment_method === 'pay_on_delivery' && order.payment_status === 'unpaid';

  const close = () => {
    setConfirming(false);
    setFailure(null);
    onHide();
  };

  const review = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setConfirming(true);
  };

  const confirm = () =>
    ship.mutate(
      {
        kind: 'ship',
        body: { carrier: carrier.trim(), tracking_number: tracking.trim() || null, note: note.trim() || null },
      },
      {
        onSuccess: (reply) => {
          setConfirming(false);
          onShipped?.(reply.message);
          onHide();
        },
        onError: (err) => {
          setConfirming(false);
          setFailure(errorMessage(err, 'Could not ship the order. Please try again.'));
        },
      },
    );

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`}>
      <Form onSubmit={review} aria-label={`Ship order #${order.id}`}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Ship order #{order.id}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" role="alert">
              {failure}
            </Alert>
          )}
          {confirming ? (
            <div data-testid="ship-confirm">
              <p className="mb-2">
                Ship with <strong>{carrier.trim()}</strong>
                {tracking.trim() ? (
                  <>
                    , waybill <strong>{tracking.trim()}</strong>
                  </>
                ) : null}
                ?
              </p>
              <p className="mb-0 small text-body-secondary">
                The customer is e-mailed (and texted) the carrier and waybill number.
                {podDue ? ` The rider collects ${formatKsh(order.total_amount)}.` : ''}
              </p>
            </div>
          ) : (
            <>
              <Form.Group className="mb-3" controlId={`${id}-carrier`}>
                <Form.Label>Rider or courier</Form.Label>
                <Form.Control
                  required
                  maxLength={80}
                  autoComplete="off"
                  value={carrier}
                  onChange={(e) => setCarrier(e.target.value)}
                  placeholder={courier ? 'e.g. G4S, Easy Coach' : 'e.g. the rider’s name'}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId={`${id}-tracking`}>
                <Form.Label>Waybill or tracking number{courier ? '' : ' (optional)'}</Form.Label>
                <Form.Control
                  required={courier}
                  maxLength={64}
                  autoComplete="off"
                  value={tracking}
                  onChange={(e) => setTracking(e.target.value)}
                />
                {courier && <Form.Text>This order goes by courier: the customer needs the waybill number.</Form.Text>}
              </Form.Group>
              <Form.Group controlId={`${id}-note`}>
                <Form.Label>Note to the customer (optional)</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  maxLength={300}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Form.Group>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {confirming ? (
            <>
              <Button variant="outline-secondary" onClick={() => setConfirming(false)} disabled={ship.isPending}>
                Back
              </Button>
              <Button onClick={confirm} disabled={ship.isPending}>
                {ship.isPending ? 'Shipping…' : 'Confirm and ship'}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline-secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Next</Button>
            </>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The "Ship" button and its dialog, for a processing order. */
export function ShipButton({
  order,
  onShipped,
  size,
}: {
  order: ShippableOrder;
  onShipped?: (message: string) => void;
  size?: 'sm' | 'lg';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        Ship
      </Button>
      {open && <ShipDialog order={order} show={open} onHide={() => setOpen(false)} onShipped={onShipped} />}
    </>
  );
}
