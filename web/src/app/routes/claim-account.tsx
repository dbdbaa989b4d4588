import { useParams } from 'react-router';
import { ClaimAccountForm } from '@/features/auth/components/claim-account-form';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

export default function ClaimAccountRoute() {
  const { token = '' } = useParams();
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{t('claim.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('claim.title')}</h1>
      <ClaimAccountForm key={token} token={token} />
    </div>
  );
}
