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
const MyOffers = lazy(() => import('./routes/my-offers'));
const Checkout = lazy(() => import('./routes/checkout'));
const PaymentConfirmation = lazy(() => import('./routes/payment-confirmation'));
const NotFound = lazy(() => import('./routes/not-found'));
const AdminProducts = lazy(() => import('./routes/admin/products'));
const AdminOrders = lazy(() => import('./routes/admin/orders'));
const AdminOrderDetail = lazy(() => import('./routes/admin/order-detail'));
const AddProduct = lazy(() => import('./routes/admin/add-product'));
const AdminSecurityLog = lazy(() => import('./routes/admin/security-log'));
const AdminOffers = lazy(() => import('./routes/admin/offers'));

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
      { path: '/my-offers', element: <MyOffers /> },
      { path: '/checkout/:orderId', element: <Checkout /> },
      { path: '/payment/confirmationpage', element: <PaymentConfirmation /> },
      { path: '/add-product', element: <AddProduct /> },
      { path: '/admin/products', element: <AdminProducts /> },
      { path: '/admin/orders', element: <AdminOrders /> },
      { path: '/admin/orders/:id', element: <AdminOrderDetail /> },
      { path: '/admin/users/:id/security', element: <AdminSecurityLog /> },
      { path: '/admin/offers', element: <AdminOffers /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
