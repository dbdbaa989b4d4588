/** The private channel of one customer's orders (Echo: `private('orders.' + userId)`). */
export const ordersChannel = (userId: number) => `private-orders.${userId}`;
/** New orders, payments and cancellation requests, for admins. */
export const ADMIN_CHANNEL = 'private-admin';

const ORDERS_CHANNEL = /^private-orders\.(\d{1,15})$/;

/** Whether this user may listen on a private channel: their own orders, and admins the admin channel. */
export function mayListen(user: { id: number; is_admin: boolean }, channel: string): boolean {
  if (channel === ADMIN_CHANNEL) return user.is_admin;
  const match = ORDERS_CHANNEL.exec(channel);
  return match !== null && Number(match[1]) === user.id;
}
