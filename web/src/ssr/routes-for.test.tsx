import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { routesFor } from './routes-for';

// Paths a shopper, an admin or a crawler may open: every screen, with trailing slashes, capitals,
// encoded characters, one segment too many or too few, and nothing at all.
const paths = [
  '/',
  '/products',
  '/products/',
  '/PRODUCTS/12',
  '/products/12',
  '/products/12/',
  '/products/12/reviews',
  '/products/category',
  '/products/category/7',
  '/products/category/mens%20shoes',
  '/products/caf%C3%A9',
  '/products/a%2Fb',
  '/offers',
  '/terms',
  '/contact',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/cart',
  '/wishlist',
  '/orders',
  '/orders/31',
  '/my-offers',
  '/checkout/31',
  '/checkout',
  '/payment/confirmationpage',
  '/pay/abc123',
  '/claim/abc123',
  '/add-product',
  '/admin',
  '/admin/',
  '/admin/orders/5',
  '/Admin/Products',
  '/administrator',
  '/unsubscribe',
  '/account/alerts',
  '/account',
  '/nowhere',
  '/no/where/at/all',
  '//products',
];

const leafOf = (table: typeof routes, path: string) => {
  const matches = matchRoutes(table, path) ?? [];
  const last = matches[matches.length - 1];
  return { route: last?.route.path, params: last?.params, pathname: last?.pathname };
};

describe('routesFor', () => {
  it.each(paths)('matches %s to the screen the whole table matches it to, with the same parameters', (path) => {
    expect(leafOf(routesFor(path), path)).toEqual(leafOf(routes, path));
  });

  it('hands React Router a table of one screen and the catch-all for a product page', () => {
    const table = routesFor('/products/12');
    expect(table).not.toBe(routes);
    expect(table[0]!.children!.map((route) => route.path)).toEqual(['/products/:id', '*']);
  });
});
