import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/orders.json';
import { useLocale, useT } from '@/i18n';
import {
  clearReadNotifications,
  markAllNotificationsRead,
  useNotifications,
  type AppNotification,
} from '../notification-store';

function formatTime(locale: string, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function BellIcon() {
  return (
    <Icon
      size={22}
      path="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
    />
  );
}

function NotificationItem({ notification, fresh }: { notification: AppNotification; fresh: boolean }) {
  const t = useT(messages);
  const time = formatTime(useLocale(), notification.timestamp);
  return (
    <li className={`px-3 py-2 border-bottom small ${fresh ? 'bg-body-tertiary fw-semibold' : ''}`}>
      {notification.orderId !== undefined ? (
        <Link to={paths.order(notification.orderId)} className="d-block text-wrap text-body">
          {notification.message}
        </Link>
      ) : notification.productId !== undefined ? (
        <Link to={paths.product(notification.productId)} className="d-block text-wrap text-body">
          {notification.message}
        </Link>
      ) : (
        <span>{notification.message}</span>
      )}
      {time && (
        <time className="d-block text-body-secondary fw-normal" dateTime={notification.timestamp}>
          {time}
        </time>
      )}
      {fresh && <span className="visually-hidden">{t('notify.new')}</span>}
    </li>
  );
}

/**
 * The navbar's bell (docs/product.md section 4): the badge counts unread notifications; opening the bell
 * marks them all read, closing it clears the read ones. The list lives in local storage.
 */
export function NotificationBell() {
  const t = useT(messages);
  const notifications = useNotifications();
  // What was unread when the bell opened stays highlighted while it is open.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const unread = notifications.filter((n) => !n.read).length;

  const toggle = (next: boolean) => {
    if (next) {
      setFreshIds(new Set(notifications.filter((n) => !n.read).map((n) => n.id)));
      markAllNotificationsRead();
    } else {
      clearReadNotifications();
    }
  };

  return (
    <DisclosureMenu
      label={
        <>
          <BellIcon />
          {unread > 0 && (
            <span
              className="badge rounded-pill bg-danger bell-badge"
              aria-hidden="true"
              data-testid="notification-badge"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
      ariaLabel={unread > 0 ? t('notify.unread', { count: unread }) : t('notify.title')}
      align="end"
      // A plain button: the dropdown-toggle class would draw a caret next to the bell.
      buttonClassName="btn btn-link nav-link position-relative px-2"
      className="nav-item dropdown notification-bell"
      onOpenChange={toggle}
      menuStyle={{ width: 'min(22rem, 90vw)', maxHeight: '22rem', overflowY: 'auto', padding: 0 }}
    >
      <li className="px-3 py-2 border-bottom fw-bold" aria-hidden="true">
        {t('notify.title')}
      </li>
      {notifications.length === 0 ? (
        <li className="px-3 py-3 text-body-secondary">{t('notify.none')}</li>
      ) : (
        notifications.map((n) => <NotificationItem key={n.id} notification={n} fresh={freshIds.has(n.id)} />)
      )}
    </DisclosureMenu>
  );
}
