import { RETURN_MAX_PHOTOS, RETURN_REASONS, type ReturnJson, type ReturnReason } from '@mtumba/contract/returns';
import { formatKsh } from '@mtumba/contract/money';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CardSection } from '@/components/ui/card-section';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useOrderReturns, useRequestReturn } from '../api/returns';
import messages from '@/i18n/catalogs/en/orders.json';
import { tOf, useLocale, useT } from '@/i18n';
import type { OrdersT } from './status-label';

/** A return's state in the customer's words (in the page's language unless given a translator). */
export function returnStatusWords(ret: ReturnJson, t: OrdersT = tOf(messages)): string {
  switch (ret.status) {
    case 'requested':
      return t('return.requested');
    case 'approved':
      return ret.kind === 'customer_return' ? t('return.approved') : t('return.onItsWay');
    case 'declined':
      return t('return.declined');
    case 'received':
      return ret.refundable > 0 ? t('return.receivedRefund') : t('return.received');
    case 'refunded':
      return t('return.refunded', { amount: formatKsh(ret.refunded) });
  }
}

function ReturnRequestForm({
  orderId,
  items,
  onDone,
}: {
  orderId: number;
  items: { id: number; product_name: string; quantity: number }[];
  onDone: () => void;
}) {
  const t = useT(messages);
  const id = useId();
  const [chosen, setChosen] = useState<number[]>(items.length === 1 ? [items[0]!.id] : []);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestReturn(orderId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0) return setError(t('return.chooseItem'));
    if (!reason) return setError(t('return.chooseReason'));
    if (photos.length > RETURN_MAX_PHOTOS) return setError(t('return.tooManyPhotos', { max: RETURN_MAX_PHOTOS }));
    setError(null);
    try {
      const reply = await request.mutateAsync({ items: chosen, reason, note: note.trim() || null, photos });
      toast.success(reply.message);
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('return.sendFailed')));
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate>
      <Modal.Body>
        <fieldset className="mb-3">
          <legend className="h6">{t('return.items')}</legend>
          {items.map((item) => (
            <Form.Check
              key={item.id}
              id={`${id}-item-${item.id}`}
              label={`${item.product_name} × ${item.quantity}`}
              checked={chosen.includes(item.id)}
              onChange={(e) =>
                setChosen((now) => (e.target.checked ? [...now, item.id] : now.filter((x) => x !== item.id)))
              }
            />
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId={`${id}-reason`}>
          <Form.Label>{t('return.reason')}</Form.Label>
          <Form.Select value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)} required>
            <option value="">{t('return.reasonPrompt')}</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`return.reason.${r}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-note`}>
          <Form.Label>{t('return.note')}</Form.Label>
          <Form.Control as="textarea" rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Form.Group>
        <Form.Group className="mt-3" controlId={`${id}-photos`}>
          <Form.Label>{t('return.photos', { max: RETURN_MAX_PHOTOS })}</Form.Label>
          <Form.Control
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => setPhotos(Array.from((e.target as HTMLInputElement).files ?? []))}
          />
        </Form.Group>
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onDone} disabled={request.isPending}>
          {t('close')}
        </Button>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('sending') : t('return.send')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** The order's returns and, inside the returns window, "Return an item" (docs/product.md section 15). */
export default function OrderReturns({ orderId }: { orderId: number }) {
  const t = useT(messages);
  const locale = useLocale();
  const { data } = useOrderReturns(orderId);
  const [open, setOpen] = useState(false);
  if (!data || (data.returns.length === 0 && !data.can_request)) return null;

  return (
    <CardSection id="order-returns-title" title={t('return.title')} headingClassName="h5" className="mb-4">
      {data.returns.length > 0 && (
        <ul className="list-unstyled mb-3">
          {data.returns.map((ret) => (
            <li key={ret.id} className="mb-2" data-testid="order-return">
              <strong>{t(`return.kind.${ret.kind}`)}</strong>: {returnStatusWords(ret, t)}
              <ul className="small mb-0 ps-3">
                {ret.items.map((item) => (
                  <li key={item.id}>
                    {item.product_name} × {item.quantity}
                    {item.outcome === 'write_off' && item.write_off_reason
                      ? t('return.writtenOff', { reason: t(`return.writeOff.${item.write_off_reason}`) })
                      : ''}
                  </li>
                ))}
              </ul>
              {ret.photos.length > 0 && (
                <div className="d-flex gap-2 mt-1">
                  {ret.photos.map((src) => (
                    <img
                      key={src}
                      src={src}
                      alt={t('return.photoAlt')}
                      width={64}
                      height={64}
                      className="rounded object-fit-cover"
                    />
                  ))}
                </div>
              )}
              {ret.shop_note && <div className="small">{t('return.shopNote', { note: ret.shop_note })}</div>}
            </li>
          ))}
        </ul>
      )}
      {data.can_request && (
        <>
          {data.window_ends_at && (
            <p className="small text-body-secondary">
              {t('return.openUntil', {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(data.window_ends_at)),
              })}
            </p>
          )}
          <Button variant="outline-primary" onClick={() => setOpen(true)}>
            {t('return.action')}
          </Button>
          <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="return-form-title">
            <Modal.Header closeButton>
              <Modal.Title id="return-form-title">{t('return.action')}</Modal.Title>
            </Modal.Header>
            <ReturnRequestForm orderId={orderId} items={data.returnable_items} onDone={() => setOpen(false)} />
          </Modal>
        </>
      )}
    </CardSection>
  );
}
