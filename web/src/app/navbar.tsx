import { lazy, Suspense, useState } from 'react';
import { CountBadge } from './count-badge';
import { NavItem } from './nav-item';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { preloadSignInDialog } from '@/features/auth/components/sign-in-dialog-provider';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';
import { useOnNavigation } from '@/lib/use-on-navigation';
import { useAuth } from '@/lib/auth/use-auth';
import { useQueryClient } from '@tanstack/react-query';
import { cartKeys, useCartCount } from '@/lib/api/get-cart';
import { useAppEvent } from '@/lib/events';
import { useWishlistCount } from '@/lib/api/get-wishlist';
import { useCategories } from '@/features/catalog/api/get-categories';
import { ProductSearch } from '@/features/catalog/components/product-search';
import messages from '@/i18n/catalogs/en/layout.json';
import { useT } from '@/i18n';

// Parts only a signed-in user or an admin sees: visitors do not download them.
const UserMenu = lazy(() => import('./user-menu'));
const CustomerLinks = lazy(() => import('./customer-links'));
const AdminLinks = lazy(() => import('./admin-links'));
// The shop's alerts bell: admins only, so no storefront page downloads it.
const AdminBell = lazy(() => import('@/features/admin/components/admin-bell').then((m) => ({ default: m.AdminBell })));
// Only a signed-in customer has a bell: visitors do not download it.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

function ProductsMenu() {
  const t = useT(messages);
  const { data: categories } = useCategories();
  return (
    <li className="nav-item dropdown">
      <DisclosureMenu label={t('nav.products')} className="dropdown">
        <li>
          <Link className="dropdown-item" to={paths.products()}>
            {t('nav.all')}
          </Link>
        </li>
        {(categories ?? []).map((category) => (
          <li key={category.id}>
            <Link className="dropdown-item" to={paths.category(category.id)}>
              {category.name}
            </Link>
          </li>
        ))}
      </DisclosureMenu>
    </li>
  );
}

function CartIcon() {
  return (
    <Icon
      size={24}
      path="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.6 3H21l-2 8H7.6l-.3 1.5H19V18H5.5l.8-3.7L4.4 6H2V4h3.2zm2 5 1.1 4.5h9.1L18.5 9H7.2z"
    />
  );
}

/**
 * The cart with its count: always in the bar, on a phone too. Another screen changed the cart (or
 * an add kept offline was sent, lib/offline): the count refetches, reusing a fetch already under way.
 */
function CartLink() {
  const t = useT(messages);
  const count = useCartCount();
  const queryClient = useQueryClient();
  useAppEvent('cartUpdated', () => queryClient.invalidateQueries({ queryKey: cartKeys.all }, { cancelRefetch: false }));
  return (
    <NavLink to={paths.cart()} className="icon-link cart-link">
      <CartIcon />
      <span className="icon-link__text">{t('nav.cart')}</span>
      <CountBadge count={count} label={t('nav.cartCount', { count })} />
    </NavLink>
  );
}

/** A visitor's wishlist (kept in the browser) with its count. */
function GuestWishlistLink() {
  const t = useT(messages);
  const count = useWishlistCount();
  return (
    <NavItem to={paths.wishlist()}>
      {t('nav.wishlist')}
      <CountBadge count={count} label={t('nav.wishlistCount', { count })} />
    </NavItem>
  );
}

function HeaderSearch() {
  const navigate = useNavigate();
  return (
    <ProductSearch
      compact
      onSearch={(q) => navigate(q ? `${paths.products()}?q=${encodeURIComponent(q)}` : paths.products())}
    />
  );
}

function SignInButtons() {
  const t = useT(messages);
  const { openSignIn } = useSignInDialog();
  return (
    <>
      {(['login', 'register'] as const).map((tab) => (
        <li className="nav-item" key={tab}>
          <button
            type="button"
            className="nav-link"
            onClick={() => openSignIn({ tab })}
            onPointerEnter={preloadSignInDialog}
            onFocus={preloadSignInDialog}
          >
            {tab === 'login' ? t('nav.login') : t('nav.register')}
          </button>
        </li>
      ))}
    </>
  );
}

/**
 * The top bar (docs/product.md section 2, Navbar). Visitors: Home, Products, Login, Register. Customers:
 * Wishlist and Orders with counts and the user menu, plus the bell and the cart, which stay in the
 * bar on a phone. Admins: Dashboard, New item, Manage Products, Manage Orders, To ship, Offers, the alerts bell and the user menu. Below 992 px the
 * links fold into a menu and the search box takes a row of its own under the bar.
 */
export function AppNavbar() {
  const t = useT(messages);
  const { user, isSignedIn, isAdmin } = useAuth();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  useOnNavigation(() => setExpanded(false));
  const customer = isSignedIn && !isAdmin;
  // The products list has its own search box at the top; admins search in their own screens.
  const onList = pathname === paths.products() || pathname.startsWith(`${paths.products()}/category/`);
  const search = !isAdmin && !onList;

  return (
    <nav className="site-nav" aria-label={t('nav.label')}>
      <div className="container site-nav__bar">
        <button
          type="button"
          className="icon-link site-nav__toggle"
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label={t('nav.menu')}
          onClick={() => setExpanded((e) => !e)}
        >
          <Icon
            size={24}
            path={
              expanded
                ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z'
                : 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z'
            }
          />
        </button>
        <Link to={isAdmin ? paths.adminDashboard() : paths.home()} className="site-nav__brand">
          Mtumba
        </Link>
        <div id="main-nav" className={`site-nav__menu ${expanded ? 'is-open' : ''}`}>
          <ul className="site-nav__links">
            {isAdmin ? (
              <Suspense fallback={null}>
                <AdminLinks />
              </Suspense>
            ) : (
              <>
                <NavItem to={paths.home()} end>
                  {t('nav.home')}
                </NavItem>
                <ProductsMenu />
              </>
            )}
          </ul>
          <ul className="site-nav__links site-nav__links--end">
            {customer && (
              <Suspense fallback={null}>
                <CustomerLinks />
              </Suspense>
            )}
            {isSignedIn && user ? (
              <Suspense fallback={null}>
                <UserMenu name={user.name} />
              </Suspense>
            ) : (
              <>
                <GuestWishlistLink />
                <SignInButtons />
              </>
            )}
          </ul>
        </div>
        {search && (
          <div className="site-nav__search">
            <HeaderSearch />
          </div>
        )}
        <div className="site-nav__icons">
          {customer && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminBell />
            </Suspense>
          )}
          {/* a visitor's cart is kept in the browser: its count shows too */}
          {!isAdmin && <CartLink />}
        </div>
      </div>
    </nav>
  );
}
