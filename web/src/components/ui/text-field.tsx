import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** the class of the field's box (its column in a row) */
  boxClassName?: string;
  labelClassName?: string;
  /** the message under the field; the field shows as invalid while there is one */
  error?: string | null;
  /** shows the field as invalid without a message */
  invalid?: boolean;
  /** after the input (e.g. its datalist) */
  children?: ReactNode;
}

/** A labelled text input with its message. */
export function TextField({
  label,
  value,
  onChange,
  boxClassName,
  labelClassName = 'form-label',
  error,
  invalid = Boolean(error),
  children,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={boxClassName}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={invalid ? 'form-control is-invalid' : 'form-control'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}
