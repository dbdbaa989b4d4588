import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/newsletter/components/unsubscribe-panel';

/** /unsubscribe?token=: the one-click unsubscribe of new-arrival e-mails (docs/product.md section 10). */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto py-4" style={{ maxWidth: 560 }}>
      <title>Unsubscribe — Mtumba</title>
      <h1 className="h3 mb-3">New-arrival e-mails</h1>
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </div>
  );
}
