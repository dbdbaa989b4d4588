export interface FormOutcome {
  ok: boolean;
  text: string;
}

/** What a form's call came to: a success told politely, a failure at once. */
export function FormResult({ result }: { result: FormOutcome | null }) {
  if (!result) return null;
  return (
    <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role={result.ok ? 'status' : 'alert'}>
      {result.text}
    </div>
  );
}
