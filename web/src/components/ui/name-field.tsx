import Form from 'react-bootstrap/Form';

interface NameFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** the server's message for the field, shown under it */
  error?: string;
}

/** The customer's required name with its label (registration and My Account). */
export function NameField({ id, value, onChange, error }: NameFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Name</Form.Label>
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
