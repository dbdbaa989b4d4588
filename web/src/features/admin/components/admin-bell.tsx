import { useState, useSyncExternalStore } from 'react';
import { Link } from '@/components/ui/link';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { formatKsh } from '@mtumba/contract/money';
import { useSocketEvent } from '@/lib/socket';

/**
 * The admin's bell (docs/product.md, "The shop owner's bell"): live alerts from the admin room for
 * new paid orders, orders to be paid on delivery, new price offers and cancellation requests, newest first. Opening it marks them
 * read. The list lives in this tab's session storage, so a reload keeps it; it is loaded for admins
 * only and never on a customer's page.
 */
export interface AdminAlert {
  id: string;
  message: string;
  to: string;
  at: string;
  read: boolean;
}

const KEY = 'mtumba.admin-alerts';
const MAX = 30;
let alerts: AdminAlert[] = load();
const subscribers = new Set<() => void>();

function load(): AdminAlert[] {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? (value as AdminAlert[]) : [];
  } catch {
    return [];
  }
}

function save(next: AdminAlert[]): void {
  alerts = next.slice(0, MAX);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(alerts));
  } catch {
    // a full or blocked storage only loses the list on reload
  }
  for (const notify of subscribers) notify();
}

function add(alert: Omit<AdminAlert, 'read'>): void {
  // one alert per thing: the same order paid twice (a replayed event) is not news
  if (alerts.some((a) => a.id === alert.id)) return;
  save([{ ...alert, read: false }, ...alerts]);
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

const timeFormat = new Intl.DateTimeFormat('en-KE', { timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

export function AdminBell() {
  const list = useSyncExternalStore(subscribe, () => alerts);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unread = list.filter((a) => !a.read).length;
  const now = () => new Date().toISOString();

  useSocketEvent('order.paid', ({ id }) =>
    add({ id: `paid-${id}`, message: `Order #${id} was paid: ready to ship`, to: paths.adminOrder(id), at: now() }),
  );
  useSocketEvent('order.pay_on_delivery', ({ id, total_amount }) =>
    add({
      id: `pod-${id}`,
      message: `Order #${id} to be paid on delivery (collect ${formatKsh(total_amount)}): ready to ship`,
      to: paths.adminOrder(id),
      at: now(),
    }),
  );
  useSocketEvent('order.cancel_requested', ({ id, cancel_requested_at }) =>
    add({
      id: `cancel-${id}-${cancel_requested_at}`,
      message: `Order #${id}: the customer asks to cancel`,
      to: paths.adminOrder(id),
      at: now(),
    }),
  );
  useSocketEvent('offer.changed', ({ id, status, updated_at }) => {
    if (status !== 'open') return;
    add({
      id: `offer-${id}-${updated_at}`,
      message: `A new price offer waits for your answer`,
      to: paths.adminOffers(),
      at: now(),
    });
  });

  const toggle = (open: boolean) => {
    if (open) {
      setFresh(new Set(alerts.filter((a) => !a.read).map((a) => a.id)));
      save(alerts.map((a) => (a.read ? a : { ...a, read: true })));
    }
  };

  return (
    <DisclosureMenu
      label={
        <>
          <Icon
            size={22}
            path="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
          />
          {unread > 0 && (
            <span className="badge rounded-pill bg-danger bell-badge" aria-hidden="true" data-testid="admin-bell-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
      ariaLabel={unread > 0 ? `Shop alerts (${unread} unread)` : 'Shop alerts'}
      align="end"
      buttonClassName="btn btn-link nav-link position-relative px-2"
      className="nav-item dropdown notification-bell"
      onOpenChange={toggle}
      menuStyle={{ width: 'min(22rem, 90vw)', maxHeight: '22rem', overflowY: 'auto', padding: 0 }}
    >
      <li className="px-3 py-2 border-bottom fw-bold" aria-hidden="true">
        Shop alerts
      </li>
      {list.length === 0 ? (
        <li className="px-3 py-3 text-body-secondary">Nothing new since you opened the shop.</li>
      ) : (
        list.map((a) => (
          <li
            key={a.id}
            className={`px-3 py-2 border-bottom small ${fresh.has(a.id) ? 'bg-body-tertiary fw-semibold' : ''}`}
          >
            <Link to={a.to} className="d-block text-wrap text-body">
              {a.message}
            </Link>
            <time className="d-block text-body-secondary fw-normal" dateTime={a.at}>
              {formatTime(a.at)}
            </time>
          </li>
        ))
      )}
    </DisclosureMenu>
  );
}
