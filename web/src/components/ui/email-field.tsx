import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** the server's message for the field, shown under it */
  error?: string;
}

/** A required e-mail input with its label (docs/product.md section 5: e-mail fields are of e-mail type and required). */
export function EmailField({ id, value, onChange, label, error }: EmailFieldProps) {
  const t = useT(messages);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label ?? t('form.email')}
      </label>
      <input
        id={id}
        type="email"
        className={`form-control ${error ? 'is-invalid' : ''}`}
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
