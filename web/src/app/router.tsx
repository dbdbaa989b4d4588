import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout';
import { RouteError } from './route-error';

// Every screen is its own chunk; admin screens only load for admins.
const Home = lazy(() => import('./routes/home'));
const Products = lazy(() => import('./routes/products'));
const ProductDetail = lazy(() => import('./routes/product-detail'));
const Offers = lazy(() => import('./routes/offers'));
const Terms = lazy(() => import('./routes/terms'));
const Contact = lazy(() => import('./routes/contact'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const VerifyEmail = lazy(() => import('./routes/verify-email'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Cart = lazy(() => import('./routes/cart'));
const Wishlist = lazy(() => import('./routes/wishlist'));
const Orders = lazy(() => import('./routes/orders'));
const OrderDetail = lazy(() => import('./routes/order-detail'));
const Checkout = lazy(() => import('./routes/checkout'));
const PaymentConfirmation = lazy(() => import('./routes/payment-confirmation'));
const NotFound = lazy(() => import('./routes/not-found'));
const AdminProducts = lazy(() => import('./routes/admin/products'));
const AdminOrders = lazy(() => import('./routes/admin/orders'));
const AdminOrderDetail = lazy(() => import('./routes/admin/order-detail'));
const AdminNewOrder = lazy(() => import('./routes/admin/new-order'));
const PayLink = lazy(() => import('./routes/pay-link'));
const AddProduct = lazy(() => import('./routes/admin/add-product'));
const AdminSecurityLog = lazy(() => import('./routes/admin/security-log'));
const NewItem = lazy(() => import('./routes/admin/new-item'));
const Unsubscribe = lazy(() => import('./routes/unsubscribe'));
const AccountAlerts = lazy(() => import('./routes/account-alerts'));
const AdminDelivery = lazy(() => import('./routes/admin/delivery'));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard'));
const AdminImportProducts = lazy(() => import('./routes/admin/import-products'));

export const routes = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
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
      { path: '/checkout/:orderId', element: <Checkout /> },
      { path: '/payment/confirmationpage', element: <PaymentConfirmation /> },
      { path: '/pay/:token', element: <PayLink /> },
      { path: '/add-product', element: <AddProduct /> },
      { path: '/admin', element: <AdminDashboard /> },
      { path: '/admin/products', element: <AdminProducts /> },
      { path: '/admin/products/import', element: <AdminImportProducts /> },
      { path: '/admin/orders', element: <AdminOrders /> },
      { path: '/admin/orders/new', element: <AdminNewOrder /> },
      { path: '/admin/orders/:id', element: <AdminOrderDetail /> },
      { path: '/admin/delivery', element: <AdminDelivery /> },
      { path: '/admin/users/:id/security', element: <AdminSecurityLog /> },
      { path: '/admin/items/new', element: <NewItem /> },
      { path: '/unsubscribe', element: <Unsubscribe /> },
      { path: '/account/alerts', element: <AccountAlerts /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
