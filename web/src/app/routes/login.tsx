import { AuthPage } from '@/features/auth/components/auth-page';

export default function LoginRoute() {
  return <AuthPage tab="login" />;
}
