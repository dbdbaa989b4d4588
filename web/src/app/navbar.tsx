import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { preloadSignInDialog } from '@/features/auth/components/sign-in-dialog-provider';
import { useSignInDialog } from '@/features/auth/hooks/sign-in-dialog-context';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { cartKeys, useCartCount } from '@/features/cart/api/get-cart';
import { useCategories } from '@/features/catalog/api/get-categories';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useOrdersCount } from '@/features/orders/api/use-orders-count';
import { wishlistKeys, useWishlistCount } from '@/features/wishlist/api/get-wishlist';
import { useAppEvent } from '@/lib/events';

const MyAccountModal = lazy(() => import('@/features/auth/components/my-account-modal'));

function CountBadge({ count, one, many }: { count: number; one: string; many: string }) {
  return (
    <>
      {' '}
      <span className="badge rounded-pill nav-badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        ({count} {count === 1 ? one : many})
      </span>
    </>
  );
}

function NavItem({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li className="nav-item">
      <NavLink to={to} end={end} className="nav-link">
        {children}
      </NavLink>
    </li>
  );
}

function ProductsMenu() {
  const { data: categories } = useCategories();
  return (
    <li className="nav-item dropdown">
      <DisclosureMenu label="Products" className="dropdown">
        <li>
          <Link className="dropdown-item" to={paths.products()}>
            All
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

/** Wishlist, Cart and Orders with their counts; a signed-in customer only. */
function CustomerLinks() {
  const queryClient = useQueryClient();
  const cartCount = useCartCount();
  const wishlistCount = useWishlistCount();
  const ordersCount = useOrdersCount();
  // Another screen changed something: refetch the counts (reusing a fetch already under way).
  useAppEvent('cartUpdated', () => queryClient.invalidateQueries({ queryKey: cartKeys.all }, { cancelRefetch: false }));
  useAppEvent('wishlistUpdated', () =>
    queryClient.invalidateQueries({ queryKey: wishlistKeys.all }, { cancelRefetch: false }),
  );
  useAppEvent('ordersUpdated', () => queryClient.invalidateQueries({ queryKey: ['orders'] }, { cancelRefetch: false }));
  return (
    <>
      <NavItem to={paths.wishlist()}>
        Wishlist
        <CountBadge count={wishlistCount} one="item in wishlist" many="items in wishlist" />
      </NavItem>
      <NavItem to={paths.cart()}>
        Cart
        <CountBadge count={cartCount} one="item in cart" many="items in cart" />
      </NavItem>
      <NavItem to={paths.orders()}>
        Orders
        <CountBadge count={ordersCount} one="order" many="orders" />
      </NavItem>
    </>
  );
}

function UserMenu({ name }: { name: string }) {
  const [accountOpen, setAccountOpen] = useState(false);
  const [accountLoaded, setAccountLoaded] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <li className="nav-item dropdown">
      <DisclosureMenu label={name} ariaLabel={`Account menu for ${name}`} align="end" className="dropdown">
        <li>
          <button
            type="button"
            className="dropdown-item"
            onClick={() => {
              setAccountLoaded(true);
              setAccountOpen(true);
            }}
          >
            My Account
          </button>
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
            Logout
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

function SignInButtons() {
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
            {tab === 'login' ? 'Login' : 'Register'}
          </button>
        </li>
      ))}
    </>
  );
}

/**
 * The top bar (SPEC.md section 2, Navbar). Visitors: Home, Products, Login, Register. Customers:
 * Wishlist, Cart and Orders with counts, the bell and the user menu. Admins: only Manage Products,
 * Manage Orders and the user menu. Collapses behind a menu button below 992 px.
 */
export function AppNavbar() {
  const { user, isSignedIn, isAdmin } = useAuth();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setExpanded(false), [pathname]);
  const customer = isSignedIn && !isAdmin;

  return (
    <nav className="navbar navbar-expand-lg navbar-dark site-navbar sticky-top" aria-label="Main">
      <div className="container">
        <Link to={paths.home()} className="navbar-brand fw-bold">
          Mtumba
        </Link>
        {customer && (
          <div className="d-lg-none ms-auto me-2">
            <NotificationBell />
          </div>
        )}
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label="Menu"
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`collapse navbar-collapse ${expanded ? 'show' : ''}`}>
          <ul className="navbar-nav me-auto">
            {isAdmin ? (
              <>
                <NavItem to={paths.adminProducts()}>Manage Products</NavItem>
                <NavItem to={paths.adminOrders()}>Manage Orders</NavItem>
              </>
            ) : (
              <>
                <NavItem to={paths.home()} end>
                  Home
                </NavItem>
                <ProductsMenu />
              </>
            )}
          </ul>
          <ul className="navbar-nav align-items-lg-center">
            {customer && <CustomerLinks />}
            {customer && (
              <li className="nav-item d-none d-lg-block mx-lg-1">
                <NotificationBell />
              </li>
            )}
            {isSignedIn && user ? <UserMenu name={user.name} /> : <SignInButtons />}
          </ul>
        </div>
      </div>
    </nav>
  );
}
