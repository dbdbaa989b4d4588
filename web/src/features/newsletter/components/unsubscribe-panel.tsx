import { UNSUBSCRIBE_LINK_INVALID } from '@mtumba/contract/listing';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { errorMessage } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';

/** Which e-mails a link stops: shopper-alert tokens start with `a.` and name their list. */
function listOf(token: string): { stop: string; none: string } {
  if (token.startsWith('a.') && token.split('.')[2] === 'cart')
    return { stop: 'cart reminders', none: 'cart reminders' };
  if (token.startsWith('a.')) return { stop: 'wishlist and cart alerts', none: 'wishlist and cart alerts' };
  return { stop: 'the new-arrivals e-mail', none: 'new-arrival e-mails' };
}

/**
 * The page an e-mail's unsubscribe link opens, signed out: opening it changes nothing (mail
 * scanners follow links); the button stops the e-mails the link is for (new arrivals, or one
 * list of shopper alerts) for that address.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const list = listOf(token);
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe();

  if (token === '') return <p role="alert">{UNSUBSCRIBE_LINK_INVALID}</p>;
  if (status.isPending) return <LoadingSpinner label="Checking the link…" className="py-3" />;
  if (status.isError) return <p role="alert">{errorMessage(status.error, UNSUBSCRIBE_LINK_INVALID)}</p>;

  const done = unsubscribe.data ?? (status.data.subscribed ? null : status.data);
  if (done) {
    return (
      <p role="status" className="lead">
        Done. {done.email} will get no more {list.none}.
      </p>
    );
  }
  return (
    <>
      <p>
        Stop {list.stop} to <strong>{status.data.email}</strong>? Order e-mails and receipts still arrive.
      </p>
      {unsubscribe.isError && (
        <p role="alert" className="text-danger">
          {errorMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
    </>
  );
}
