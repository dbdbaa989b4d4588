import { paths } from '@/config/paths';
import { AdminOffersBadge } from '@/features/admin/components/admin-offers-badge';
import { NavItem } from './nav-item';

/** The admin's part of the top bar, with the live count of offers waiting: loaded for admins only. */
export default function AdminLinks() {
  return (
    <>
      <NavItem to={paths.adminDashboard()} end>
        Dashboard
      </NavItem>
      <NavItem to={paths.newItem()}>New item</NavItem>
      <NavItem to={paths.adminProducts()}>Manage Products</NavItem>
      <NavItem to={paths.adminOrders()}>Manage Orders</NavItem>
      <NavItem to={paths.adminToShip()}>To ship</NavItem>
      <NavItem to={paths.adminOffers()}>
        Offers
        <AdminOffersBadge />
      </NavItem>
    </>
  );
}
