import { useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from '@mtumba/contract/order-states';
import messages from '@/i18n/catalogs/en/orders.json';
import { tOf } from '@/i18n';
import { useAuth } from '@/lib/auth/use-auth';
import { orderKeys } from '@/lib/api/get-orders';
import { getToken } from '@/lib/auth-storage';
import { emitAppEvent } from '@/lib/events';
import { useSocketConnection, useSocketEvent, useSocketReconnect } from '@/lib/socket';
import { addNotification } from '../notification-store';

// The bell keeps a notification's words as they were when it arrived: in the page's language then.
export function orderStatusMessage(id: number, status: string): string {
  const t = tOf(messages);
  const label = (ORDER_STATUSES as readonly string[]).includes(status)
    ? t(`status.${status as OrderStatus}`)
    : statusLabel(status);
  return t('notify.status', { id, status: label });
}

export const savedSearchMatchMessage = (name: string) => tOf(messages)('notify.match', { name });

/**
 * Live order updates (docs/product.md section 4), mounted once under the QueryClient: keeps the Socket.IO
 * connection in step with the signed-in state; a status change refreshes the orders list and the
 * order in place, stores an unread notification for the bell and fires 'ordersUpdated'.
 */
export function LiveUpdates() {
  const { isSignedIn, user } = useAuth();
  const queryClient = useQueryClient();
  // Read per render: signing in as someone else changes the user, and with it this value.
  const token = isSignedIn && user ? getToken() : null;
  useSocketConnection(token);

  useSocketEvent('order.status.updated', ({ id, status, updated_at }) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    addNotification({
      id: `order-${id}-${status}-${updated_at}`,
      message: orderStatusMessage(id, status),
      timestamp: updated_at || new Date().toISOString(),
      orderId: id,
    });
    emitAppEvent('ordersUpdated');
  });

  useSocketEvent('saved_search.matched', ({ product_id, product_name, matched_at }) => {
    addNotification({
      id: `match-${product_id}`,
      message: savedSearchMatchMessage(product_name),
      timestamp: matched_at || new Date().toISOString(),
      productId: product_id,
    });
  });
  // An answer on a price offer (docs/product.md, Make an offer): the bell, the offers and the cart.
  useSocketEvent('offer.updated', ({ id, status, message, updated_at }) => {
    void queryClient.invalidateQueries({ queryKey: ['offers'] });
    void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    addNotification({
      id: `offer-${id}-${status}-${updated_at}`,
      message,
      timestamp: updated_at || new Date().toISOString(),
    });
    emitAppEvent('cartUpdated');
  });

  // Updates pushed while the connection was down are lost: refetch what is on screen.
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }));

  return null;
}
