import { paths } from '@/config/paths';
import { getStoredUser } from '@/lib/auth-storage';

/** Where signing in leads: an admin's home is the dashboard (docs/product.md section 12), a customer's the shop. */
export function homeAfterSignIn(): string {
  return getStoredUser()?.is_admin === true ? paths.adminDashboard() : paths.home();
}
