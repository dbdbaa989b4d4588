import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useSubscribe } from '../api/subscribe';
import messages from '@/i18n/catalogs/en/footer.json';
import { useT } from '@/i18n';

/** The footer's newsletter sign-up (POST /subscribe). */
export function NewsletterForm() {
  const t = useT(messages);
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
          text: reply?.confirmation ? `${t('news.thanks')} ${reply.confirmation}` : t('news.thanks'),
        });
        setEmail('');
      },
      onError: (err) => setResult({ ok: false, text: errorMessage(err, t('news.failed')) }),
    });
  }

  return (
    <form onSubmit={submit} aria-label={t('news.label')}>
      <label htmlFor={inputId} className="form-label">
        {t('news.prompt')}
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
          {subscribe.isPending ? t('news.subscribing') : t('news.subscribe')}
        </button>
      </div>
      <p className={`small mt-2 mb-0 ${result && !result.ok ? 'newsletter-error' : ''}`} role="status">
        {result?.text}
      </p>
    </form>
  );
}
