import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

export default function VerifyEmailRoute() {
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{t('verify.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('verify.heading')}</h1>
      <VerifyEmailPanel />
    </div>
  );
}
