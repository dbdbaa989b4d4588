import type { FlashMessage } from '@/lib/use-flash-message';

/**
 * Where a flash message shows. Both live regions stay in the page so screen readers announce each
 * new message: errors in the assertive one, the rest in the polite one. (Plain Bootstrap classes:
 * react-bootstrap's Alert would add a role="alert" of its own inside the polite region.)
 */
export function FlashAlert({ message, className }: { message: FlashMessage | null; className?: string }) {
  const urgent = message?.variant === 'danger' || message?.variant === 'warning';
  const banner = message && (
    <div className={`alert alert-${message.variant} py-2 ${className ?? 'mb-0'}`}>{message.text}</div>
  );
  return (
    <div>
      <div role="status">{!urgent && banner}</div>
      <div role="alert">{urgent && banner}</div>
    </div>
  );
}
