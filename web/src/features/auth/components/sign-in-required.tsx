import { useRequireSignIn } from '@/lib/auth/use-require-sign-in';

/** What a signed-out visitor sees on a customer-only page: a Sign in button that keeps them here. */
export function SignInRequired({ what }: { what: string }) {
  const requireSignIn = useRequireSignIn();
  return (
    <div className="text-center py-5">
      <p className="lead">Please sign in to see {what}.</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => requireSignIn(() => undefined, `Sign in to see ${what}.`)}
      >
        Sign in
      </button>
    </div>
  );
}
