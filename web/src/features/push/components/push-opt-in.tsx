import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { fetchPublicKey, isOn, pushAvailability, PushSetupError, turnOff, turnOn } from '../push-client';
import { pushTexts, type PushContext } from '../texts';

/**
 * "Notify me on this phone" (docs/product.md, Notifications on this phone): a switch that asks
 * the browser for notifications only when tapped, never on its own. Where the browser cannot
 * have them (no service worker or push, not https, or blocked) a short honest sentence shows
 * instead of the switch.
 */
export function PushOptIn({ context }: { context: PushContext }) {
  const availability = pushAvailability();
  if (availability !== 'available') {
    const why = { unsupported: pushTexts.unsupported, insecure: pushTexts.insecure, blocked: pushTexts.blocked }[
      availability
    ];
    return (
      <p className="small text-muted mb-0" data-testid="push-unavailable">
        {why}
      </p>
    );
  }
  return <PushSwitch context={context} />;
}

function PushSwitch({ context }: { context: PushContext }) {
  // reading the state asks nothing of the shopper: no prompt happens before a tap
  const current = useQuery({ queryKey: ['push', 'on'], queryFn: isOn, staleTime: Infinity, retry: false });
  const key = useQuery({ queryKey: ['push', 'public-key'], queryFn: fetchPublicKey, staleTime: Infinity });
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const checked = on ?? current.data ?? false;

  const change = async (wanted: boolean) => {
    setBusy(true);
    setNote(undefined);
    setOn(wanted);
    try {
      if (wanted) await turnOn(key.data ?? (await fetchPublicKey()));
      else await turnOff();
      setNote({ text: wanted ? pushTexts.on : pushTexts.off, error: false });
    } catch (err) {
      setOn(!wanted);
      const text =
        err instanceof PushSetupError
          ? pushTexts[err.reason]
          : errorMessage(err, wanted ? pushTexts.failed : pushTexts.offFailed);
      setNote({ text, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="push-opt-in">
      <Form.Check
        type="switch"
        id={`push-opt-in-${context}`}
        label={pushTexts.label}
        checked={checked}
        disabled={busy || current.isPending}
        onChange={(e) => void change(e.target.checked)}
      />
      <p className="small text-muted mb-0">{pushTexts.hint[context]}</p>
      {busy && <p className="small mb-0">{pushTexts.working}</p>}
      {note && (
        <p
          className={`small mb-0 ${note.error ? 'text-danger' : 'text-success'}`}
          role={note.error ? 'alert' : 'status'}
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
