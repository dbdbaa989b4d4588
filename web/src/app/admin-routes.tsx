import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';

const AdminProducts = lazy(() => import('./routes/admin/products'));
const AdminOrders = lazy(() => import('./routes/admin/orders'));
const AdminOrderDetail = lazy(() => import('./routes/admin/order-detail'));
const AdminNewOrder = lazy(() => import('./routes/admin/new-order'));
const AdminSecurityLog = lazy(() => import('./routes/admin/security-log'));
const NewItem = lazy(() => import('./routes/admin/new-item'));
const AdminDelivery = lazy(() => import('./routes/admin/delivery'));
const AdminDiscountCodes = lazy(() => import('./routes/admin/discount-codes'));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard'));
const AdminImportProducts = lazy(() => import('./routes/admin/import-products'));
const AdminOffers = lazy(() => import('./routes/admin/offers'));
const AdminToShip = lazy(() => import('./routes/admin/to-ship'));
const AdminOrderSlip = lazy(() => import('./routes/admin/order-slip'));
const AdminReturns = lazy(() => import('./routes/admin/returns'));
const NotFound = lazy(() => import('./routes/not-found'));

/** Under /admin: each screen is its own chunk; admins only (every screen checks, and so does the API). */
const adminRoutes: RouteObject[] = [
  { index: true, element: <AdminDashboard /> },
  { path: 'products', element: <AdminProducts /> },
  { path: 'products/import', element: <AdminImportProducts /> },
  { path: 'orders', element: <AdminOrders /> },
  { path: 'orders/new', element: <AdminNewOrder /> },
  { path: 'orders/:id', element: <AdminOrderDetail /> },
  { path: 'orders/:id/slip', element: <AdminOrderSlip /> },
  { path: 'to-ship', element: <AdminToShip /> },
  { path: 'delivery', element: <AdminDelivery /> },
  { path: 'discount-codes', element: <AdminDiscountCodes /> },
  { path: 'users/:id/security', element: <AdminSecurityLog /> },
  { path: 'offers', element: <AdminOffers /> },
  { path: 'returns', element: <AdminReturns /> },
  { path: 'items/new', element: <NewItem /> },
  { path: '*', element: <NotFound /> },
];

export default function AdminArea() {
  return useRoutes(adminRoutes);
}
