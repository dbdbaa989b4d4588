import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';

export default function VerifyEmailRoute() {
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>Verify Your Email — Mtumba</title>
      <h1 className="h3 mb-3">Verify Your Email</h1>
      <VerifyEmailPanel />
    </div>
  );
}
