import type { RouteObject } from 'react-router';
import { routes } from '../app/router';

const [frame] = routes as [RouteObject & { children: RouteObject[] }];
const catchAll = frame.children.find((route) => route.path === '*')!;
/** Each screen's path as a pattern, built once: a little looser than React Router's matching. */
const screens = frame.children
  .filter((route) => route !== catchAll)
  .map((route) => {
    const splat = route.path!.endsWith('/*');
    const segments = route.path!.replace(/\/\*$/, '').split('/');
    const body = segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    return {
      route,
      pattern: new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`, 'i'),
      table: [{ ...frame, children: [route, catchAll] }],
    };
  });

/**
 * The route table React Router matches `pathname` against. It flattens and ranks the table it is
 * given in every render of AppRoutes (a quarter of a millisecond for the whole table on the server,
 * an eighth of a product page's drawing): when exactly one screen's pattern fits the path, it gets
 * a table of that screen and the catch-all only, which React Router matches to the same screen
 * (or, should its stricter matching refuse it, to the catch-all, as the whole table would).
 * Otherwise it gets the whole table.
 */
export function routesFor(pathname: string): RouteObject[] {
  let fits: (typeof screens)[number] | undefined;
  for (const screen of screens) {
    if (!screen.pattern.test(pathname)) continue;
    if (fits) return routes;
    fits = screen;
  }
  return fits ? fits.table : routes;
}
