import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>Forgot Password — Mtumba</title>
      <h1 className="h3 mb-3">Forgot Password</h1>
      <ForgotPasswordForm />
    </div>
  );
}
