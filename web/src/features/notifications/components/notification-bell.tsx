import { useId, useState, type ComponentPropsWithRef } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import {
  clearReadNotifications,
  markAllNotificationsRead,
  useNotifications,
  type AppNotification,
} from '../notification-store';

const timeFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

// A plain button: Dropdown.Toggle's own class would draw a caret next to the bell.
function BellButton({ className: _ignored, ...props }: ComponentPropsWithRef<'button'>) {
  return <button type="button" {...props} className="btn btn-link nav-link position-relative px-2" />;
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
      />
    </svg>
  );
}

function NotificationItem({ notification, fresh }: { notification: AppNotification; fresh: boolean }) {
  const time = formatTime(notification.timestamp);
  return (
    <li className={`px-3 py-2 border-bottom small ${fresh ? 'bg-body-tertiary fw-semibold' : ''}`}>
      {notification.orderId !== undefined ? (
        <Dropdown.Item as={Link} to={paths.order(notification.orderId)} className="px-0 text-wrap">
          {notification.message}
        </Dropdown.Item>
      ) : (
        <span>{notification.message}</span>
      )}
      {time && (
        <time className="d-block text-body-secondary fw-normal" dateTime={notification.timestamp}>
          {time}
        </time>
      )}
      {fresh && <span className="visually-hidden">(new)</span>}
    </li>
  );
}

/**
 * The navbar's bell (SPEC.md section 4): the badge counts unread notifications; opening the bell
 * marks them all read, closing it clears the read ones. The list lives in local storage.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  // What was unread when the bell opened stays highlighted while it is open.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const unread = notifications.filter((n) => !n.read).length;

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setFreshIds(new Set(notifications.filter((n) => !n.read).map((n) => n.id)));
      markAllNotificationsRead();
    } else {
      clearReadNotifications();
    }
  };

  return (
    <Dropdown show={open} onToggle={toggle} align="end" className="notification-bell">
      <Dropdown.Toggle as={BellButton} aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}>
        <BellIcon />
        {unread > 0 && (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
            aria-hidden="true"
            data-testid="notification-badge"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="p-0 shadow" style={{ width: 'min(22rem, 90vw)' }}>
        <div className="px-3 py-2 border-bottom fw-bold" id={titleId}>
          Notifications
        </div>
        {notifications.length === 0 ? (
          <p className="px-3 py-3 mb-0 text-body-secondary">No notifications</p>
        ) : (
          <ul className="list-unstyled mb-0 overflow-auto" style={{ maxHeight: '20rem' }} aria-labelledby={titleId}>
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} fresh={freshIds.has(n.id)} />
            ))}
          </ul>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
