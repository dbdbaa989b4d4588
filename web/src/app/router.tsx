import { lazy } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';
import { RouteLanguage } from '@/i18n/route-language';
import { LinkNavigation } from '@/components/ui/link';

// Every screen is its own chunk; admin screens only load for admins.
const Home = lazyScreen(() => import('./routes/home'));
const Products = lazyScreen(() => import('./routes/products'));
const ProductDetail = lazyScreen(() => import('./routes/product-detail'));
const Offers = lazyScreen(() => import('./routes/offers'));
const Terms = lazyScreen(() => import('./routes/terms'));
const Contact = lazyScreen(() => import('./routes/contact'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Cart = lazy(() => import('./routes/cart'));
const Wishlist = lazy(() => import('./routes/wishlist'));
const Orders = lazy(() => import('./routes/orders'));
const OrderDetail = lazy(() => import('./routes/order-detail'));
const MyOffers = lazy(() => import('./routes/my-offers'));
const Checkout = lazy(() => import('./routes/checkout'));
const PaymentConfirmation = lazy(() => import('./routes/payment-confirmation'));
const NotFound = lazyScreen(() => import('./routes/not-found'));
const PayLink = lazy(() => import('./routes/pay-link'));
const ClaimAccount = lazy(() => import('./routes/claim-account'));
const AddProduct = lazy(() => import('./routes/admin/add-product'));
// The admin's screens are a second route table in their own chunk: a shopper's first page carries none of them.
const AdminArea = lazy(() => import('./admin-routes'));
const Unsubscribe = lazy(() => import('./routes/unsubscribe'));
const AccountAlerts = lazy(() => import('./routes/account-alerts'));

/**
 * The app's routes. Every screen loads lazily, in the browser and on the server alike: the server
 * loads a storefront page's screen ahead (preloadStorefrontScreen) before it renders, so nothing
 * suspends while it renders (a suspended page would arrive hidden, waiting for a script).
 */
export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/products', element: <Products /> },
      { path: '/products/category/:categoryId', element: <Products /> },
      { path: '/products/:id', element: <ProductDetail /> },
      { path: '/offers', element: <Offers /> },
      { path: '/terms', element: <Terms /> },
      { path: '/contact', element: <Contact /> },
      { path: '/login', element: <Login /> },
      { path: '/register', element: <Register /> },
      { path: '/verify-email', element: <VerifyEmail /> },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/cart', element: <Cart /> },
      { path: '/wishlist', element: <Wishlist /> },
      { path: '/orders', element: <Orders /> },
      { path: '/orders/:orderId', element: <OrderDetail /> },
      { path: '/my-offers', element: <MyOffers /> },
      { path: '/checkout/:orderId', element: <Checkout /> },
      { path: '/payment/confirmationpage', element: <PaymentConfirmation /> },
      { path: '/pay/:token', element: <PayLink /> },
      { path: '/claim/:token', element: <ClaimAccount /> },
      { path: '/add-product', element: <AddProduct /> },
      { path: '/admin/*', element: <AdminArea /> },
      { path: '/unsubscribe', element: <Unsubscribe /> },
      { path: '/account/alerts', element: <AccountAlerts /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Loads the screen of a server-drawn storefront page before the browser hydrates it (see
 * lazy-screen.ts). Resolves at once for any other path.
 */
export function preloadStorefrontScreen(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches[matches.length - 1];
  const type = (last?.route.element as { type?: Partial<LazyScreen> } | undefined)?.type;
  return typeof type?.preload === 'function' ? type.preload() : Promise.resolve();
}

/** The layout inside the error screen's boundary, which a new path clears. */
function AppFrame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AppLayout />
    </RouteErrorBoundary>
  );
}

/**
 * The screen for the current URL, under a <BrowserRouter> (or the server's <StaticRouter>). The
 * declarative router is used rather than a data router: the app has no loaders or actions, and it
 * costs the first page about 17 KB less JavaScript (docs/architecture.md section 19). The admin's
 * screens are drawn in English whatever the shopper's language (RouteLanguage). The server's renderer
 * gives the part of the table that can match its page (`table`, ssr/routes-for.ts).
 */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return (
    <RouteLanguage>
      <LinkNavigation>{useRoutes(table)}</LinkNavigation>
    </RouteLanguage>
  );
}
