/** The navbar's notification bell (owned by the orders/notifications feature; filled in later). */
export function NotificationBell() {
  return null;
}
