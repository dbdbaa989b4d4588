import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

export default function ResetPasswordRoute() {
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{t('reset.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('reset.heading')}</h1>
      <ResetPasswordForm />
    </div>
  );
}
