import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** One link of the top bar, marked as the current page when it is. */
export function NavItem({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li className="nav-item">
      <NavLink to={to} end={end} className="nav-link">
        {children}
      </NavLink>
    </li>
  );
}
