import type { ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** the call is under way: the button is disabled and says `busyLabel` */
  busy: boolean;
  busyLabel: string;
}

/** A button that waits for its call, saying so (e.g. 'Send Reset Link' → 'Sending reset link…'). */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  children,
  type = 'submit',
  className = 'btn btn-primary',
  ...rest
}: BusyButtonProps) {
  return (
    <button type={type} className={className} disabled={busy || disabled} {...rest}>
      {busy ? busyLabel : children}
    </button>
  );
}
