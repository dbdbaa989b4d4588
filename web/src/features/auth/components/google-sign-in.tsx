import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { toast } from '@/lib/toast';
import { setUnverifiedEmail, signIn } from '@/lib/auth-storage';
import { useGoogleLogin } from '../api/google-login';
import messages from '@/i18n/catalogs/en/account.json';
import { useLanguage, useT } from '@/i18n';

/** Google's own button; its ID token is exchanged at /api/auth/google/token-login. Failures are only logged (docs/product.md section 8). */
export default function GoogleSignIn({ clientId, onSignedIn }: { clientId: string; onSignedIn: () => void }) {
  const exchange = useGoogleLogin();
  const t = useT(messages);
  // Google draws its button (“Continue with Google”) in the page's language
  const language = useLanguage();
  return (
    <GoogleOAuthProvider clientId={clientId} locale={language}>
      <div className="d-flex justify-content-center">
        <GoogleLogin
          onSuccess={(response) => {
            if (!response.credential) return console.error('Google sign-in returned no credential');
            exchange.mutate(response.credential, {
              onSuccess: (reply) => {
                signIn(reply.token, reply.user);
                setUnverifiedEmail(null);
                toast.success(t('login.done'));
                onSignedIn();
              },
              onError: (err) => console.error('Google sign-in failed', err),
            });
          }}
          onError={() => console.error('Google sign-in failed')}
          text="continue_with"
          width="300"
        />
      </div>
    </GoogleOAuthProvider>
  );
}
