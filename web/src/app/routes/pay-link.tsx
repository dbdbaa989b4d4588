import { useParams } from 'react-router';
import { PayLinkScreen } from '@/features/pay-link/components/pay-link-screen';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

export default function PayLinkRoute() {
  const t = useT(messages);
  const { token = '' } = useParams();
  return (
    <>
      <title>{t('pl.docTitle')}</title>
      <PayLinkScreen key={token} token={token} />
    </>
  );
}
