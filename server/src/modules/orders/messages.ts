/** The order moves' refusals and notes, in the shop's words (the API's messages). */

export const ORDER_NOT_FOUND = 'Order not found.';
export const EXPIRED_MESSAGE = 'Your order reservation expired. Please recreate the order.';
export const EXPIRY_NOTE = 'Reservation expired';
export const CHANGED_MEANWHILE = 'This order was just changed by someone else. Please reload it.';
export const CANCEL_NOT_ALLOWED = 'Only pending or processing orders can be cancelled.';
export const NO_OPEN_REQUEST = 'There is no open cancellation request on this order.';
export const DELIVER_NEEDS_PAYMENT =
  'Record the payment the rider collected (cash or M-Pesa) before marking this order delivered.';
export const PAID_NEEDS_REQUEST = 'This order is paid: ask the shop to cancel it with "Request Cancel".';
export const NO_PAYMENT_TO_REFUND = 'This order has no payment to refund.';
export const REFUND_TOO_LARGE = (left: string) => `The refund may not be more than what is left to refund (${left}).`;
