import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useSubscribe } from '../api/subscribe';

export const SUBSCRIBED_MESSAGE = 'Thanks for subscribing! 🎉';

/** The footer's newsletter sign-up (POST /subscribe). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const subscribe = useSubscribe();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    subscribe.mutate(email.trim(), {
      onSuccess: (reply) => {
        // Double opt-in: the server e-mails a link to confirm, and says so.
        setResult({
          ok: true,
          text: reply?.confirmation ? `${SUBSCRIBED_MESSAGE} ${reply.confirmation}` : SUBSCRIBED_MESSAGE,
        });
        setEmail('');
      },
      onError: (err) => setResult({ ok: false, text: errorMessage(err, 'Something went wrong') }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Newsletter">
      <label htmlFor={inputId} className="form-label">
        New stock every week. Get it first by e-mail.
      </label>
      <div className="input-group">
        <input
          id={inputId}
          type="email"
          className="form-control"
          placeholder="you@example.com"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn-light" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p className={`small mt-2 mb-0 ${result && !result.ok ? 'newsletter-error' : ''}`} role="status">
        {result?.text}
      </p>
    </form>
  );
}
