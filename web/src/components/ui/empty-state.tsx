import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** what is missing, e.g. 'Your cart is empty.' */
  message: ReactNode;
  /** what follows the message: a hint, and the link or button to go on */
  children?: ReactNode;
}

/** A list with nothing in it yet: a centred lead sentence and the way on. */
export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className="text-center py-5">
      <p className="lead">{message}</p>
      {children}
    </div>
  );
}
