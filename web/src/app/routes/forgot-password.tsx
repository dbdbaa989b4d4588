import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

export default function ForgotPasswordRoute() {
  const t = useT(messages);
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>{t('forgot.pageTitle')}</title>
      <h1 className="h3 mb-3">{t('forgot.heading')}</h1>
      <ForgotPasswordForm />
    </div>
  );
}
