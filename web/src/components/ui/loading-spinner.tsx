interface LoadingSpinnerProps {
  /** what is loading, for screen readers, e.g. 'Loading orders…' */
  label: string;
  /** vertical room around the spinner */
  className?: string;
  small?: boolean;
}

/** A page or list still loading: a spinner announced once as a status. */
export function LoadingSpinner({ label, className = 'py-5', small = false }: LoadingSpinnerProps) {
  return (
    <div className={`text-center ${className}`} role="status">
      <span className={`spinner-border text-secondary ${small ? 'spinner-border-sm' : ''}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
