import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/newsletter/components/unsubscribe-panel';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** /unsubscribe?token=: the one-click unsubscribe of new-arrival e-mails (docs/product.md section 10). */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const t = useT(messages);
  return (
    <div className="mx-auto py-4" style={{ maxWidth: 560 }}>
      <title>{t('unsubscribe.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('unsubscribe.heading')}</h1>
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </div>
  );
}
