import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>Reset Password — Mtumba</title>
      <h1 className="h3 mb-3">Reset Password</h1>
      <ResetPasswordForm />
    </div>
  );
}
