import { useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  error?: string;
}

/** A password input with a Show/Hide toggle (docs/product.md: every password field has one). */
export function PasswordField({ id, label, value, onChange, autoComplete, required, error }: PasswordFieldProps) {
  const t = useT(messages);
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          autoComplete={autoComplete}
          required={required}
          isInvalid={Boolean(error)}
        />
        <Button
          variant="outline-secondary"
          onClick={() => setVisible((v) => !v)}
          aria-label={t(visible ? 'form.hideField' : 'form.showField', { field: label.toLowerCase() })}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? t('form.hide') : t('form.show')}
        </Button>
        {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
      </InputGroup>
    </Form.Group>
  );
}
