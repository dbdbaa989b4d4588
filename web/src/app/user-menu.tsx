import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

const MyAccountModal = lazy(() => import('@/features/auth/components/my-account-modal'));

/** The signed-in user's menu (My Account, Alerts, My Offers, Logout): loaded only once someone signs in. */
export default function UserMenu({ name }: { name: string }) {
  const [accountOpen, setAccountOpen] = useState(false);
  const [accountLoaded, setAccountLoaded] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();
  const t = useT(messages);
  return (
    <li className="nav-item dropdown">
      <DisclosureMenu label={name} ariaLabel={t('menu.label', { name })} align="end" className="dropdown">
        <li>
          <button
            type="button"
            className="dropdown-item"
            onClick={() => {
              setAccountLoaded(true);
              setAccountOpen(true);
            }}
          >
            {t('account.title')}
          </button>
        </li>
        <li>
          <Link to={paths.accountAlerts()} className="dropdown-item">
            {t('menu.alerts')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.myOffers()}>
            {t('menu.offers')}
          </Link>
        </li>
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button
            type="button"
            className="dropdown-item"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.home()) })}
          >
            {t('menu.logout')}
          </button>
        </li>
      </DisclosureMenu>
      {accountLoaded && (
        <Suspense fallback={null}>
          <MyAccountModal show={accountOpen} onHide={() => setAccountOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}
