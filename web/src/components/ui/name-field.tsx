import Form from 'react-bootstrap/Form';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

interface NameFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** the server's message for the field, shown under it */
  error?: string;
}

/** The customer's required name with its label (registration and My Account). */
export function NameField({ id, value, onChange, error }: NameFieldProps) {
  const t = useT(messages);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('form.name')}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="name"
        required
        isInvalid={Boolean(error)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
