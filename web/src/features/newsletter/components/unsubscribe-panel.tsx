import { UNSUBSCRIBE_LINK_INVALID } from '@mtumba/contract/listing';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { errorMessage } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

/** Which e-mails a link stops: shopper-alert tokens start with `a.` and name their list. */
function listOf(token: string): 'cart' | 'alerts' | 'news' {
  if (token.startsWith('a.') && token.split('.')[2] === 'cart') return 'cart';
  if (token.startsWith('a.')) return 'alerts';
  return 'news';
}

/**
 * The page an e-mail's unsubscribe link opens, signed out: opening it changes nothing (mail
 * scanners follow links); the button stops the e-mails the link is for (new arrivals, or one
 * list of shopper alerts) for that address.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const t = useT(messages);
  const list = listOf(token);
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe();

  if (token === '') return <p role="alert">{UNSUBSCRIBE_LINK_INVALID}</p>;
  if (status.isPending) return <LoadingSpinner label={t('unsub.checking')} className="py-3" />;
  if (status.isError) return <p role="alert">{errorMessage(status.error, UNSUBSCRIBE_LINK_INVALID)}</p>;

  const done = unsubscribe.data ?? (status.data.subscribed ? null : status.data);
  if (done) {
    return (
      <p role="status" className="lead">
        {t('unsub.done', { email: done.email, list })}
      </p>
    );
  }
  return (
    <>
      <p>
        {t('unsub.ask', { list })} <strong>{status.data.email}</strong>
        {t('unsub.askAfter')}
      </p>
      {unsubscribe.isError && (
        <p role="alert" className="text-danger">
          {errorMessage(unsubscribe.error, t('unsub.failed'))}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {unsubscribe.isPending ? t('unsub.busy') : t('unsub.button')}
      </button>
    </>
  );
}
