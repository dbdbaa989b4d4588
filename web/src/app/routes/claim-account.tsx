import { useParams } from 'react-router';
import { ClaimAccountForm } from '@/features/auth/components/claim-account-form';

export default function ClaimAccountRoute() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <title>Set up your account — Mtumba</title>
      <h1 className="h3 mb-3">Set up your account</h1>
      <ClaimAccountForm key={token} token={token} />
    </div>
  );
}
