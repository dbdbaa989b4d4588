/** The message under a field, read out as soon as it appears. */
export function FieldAlert({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}
