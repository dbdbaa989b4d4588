import {
  createContext,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link as RouterLink, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';

/**
 * The app's links, in place of React Router's <Link> (its <NavLink> stays, for the top bar's
 * few). React Router's works out its href and click handler afresh in every render, resolving the
 * path against the route matches twice with a navigate function of its own: a product page draws
 * about forty links, which cost the server's renderer about an eighth of the page, and the phone
 * as much again when it hydrates (docs/performance.md, "Server-rendered pages"). The app's links
 * go to absolute paths, so this one writes `to` as the href and, on a plain click, navigates with
 * the one navigate function that <LinkNavigation> keeps for the whole app. A link that opens
 * another tab is a plain <a target>: the browser follows it.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  /** a path, with its query and hash when it has them; or only a query, for the page shown */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** The router's navigate function and location, as of its last render. */
interface Navigation {
  navigate: NavigateFunction;
  location: Location;
}

const NavigationContext = createContext<Navigation | null>(null);

/**
 * Keeps the router's navigate function and location for every link below it. The context's value
 * never changes, so no link draws again because the page moved.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // one object for the router's life, brought up to date once each of its renders is on screen
  // (a render React sets aside, in a transition, leaves it as it was)
  const [navigation] = useState<Navigation>(() => ({ navigate, location }));
  useEffect(() => {
    navigation.navigate = navigate;
    navigation.location = location;
  });
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

export function Link(props: LinkProps) {
  const navigation = useContext(NavigationContext);
  // React Router's link for one that only changes the query (`?page=2`: it resolves it against
  // the page shown) or has no <LinkNavigation> above it (a component drawn alone, in a test).
  return navigation && props.to[0] === '/' ? <AppLink {...props} navigation={navigation} /> : <RouterLink {...props} />;
}

function AppLink({ to, navigation, onClick, ...rest }: LinkProps & { navigation: Navigation }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Only a left click without a modifier key: the browser does the rest (a new tab, a download).
    if (event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    const { navigate, location } = navigation;
    // As React Router's: a link to the page already shown replaces it rather than adding a step.
    const here = location.pathname + location.search + location.hash;
    void navigate(to, { replace: here === to });
  };
  return <a {...rest} href={to} onClick={handleClick} />;
}
