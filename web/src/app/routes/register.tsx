import { AuthPage } from '@/features/auth/components/auth-page';

export default function RegisterRoute() {
  return <AuthPage tab="register" />;
}
