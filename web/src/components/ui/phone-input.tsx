import type { InputHTMLAttributes } from 'react';

/** The example number a phone field shows until it is filled in. */
export const PHONE_PLACEHOLDER = '0712 345 678';

export interface PhoneInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'value' | 'onChange'
> {
  value: string;
  onChange: (value: string) => void;
  /** shows the input as invalid */
  invalid: boolean;
  /** the input's classes besides `is-invalid` */
  className?: string;
}

/** A Kenyan mobile number input: the phone keyboard, the browser's saved number and the usual example. */
export function PhoneInput({ value, onChange, invalid, className = 'form-control', ...input }: PhoneInputProps) {
  return (
    <input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      {...input}
      className={invalid ? `${className} is-invalid` : className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid ? true : undefined}
    />
  );
}
