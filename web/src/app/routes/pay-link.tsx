import { useParams } from 'react-router';
import { PayLinkScreen } from '@/features/pay-link/components/pay-link-screen';

export default function PayLinkRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <title>Pay your order — Mtumba</title>
      <PayLinkScreen key={token} token={token} />
    </>
  );
}
