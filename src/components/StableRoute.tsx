import { useContext, useMemo, type ReactNode } from 'react';
import { UNSAFE_RouteContext as RouteContext } from 'react-router-dom';

type RouteValue = React.ContextType<typeof RouteContext>;

/**
 * What a page's route is: the path, base and parameters of each match, by route id. A route with
 * child routes (an outlet) is taken as new at every render, as react-router gives it.
 */
function routeKey(route: RouteValue): string | RouteValue {
  if (route.outlet) return route;
  return JSON.stringify([
    route.isDataRoute,
    route.matches.map((match) => [match.route.id, match.route.path, match.pathname, match.pathnameBase, match.params]),
  ]);
}

/**
 * Gives a page the route it is on as one object for as long as the route stays the same.
 *
 * react-router makes its route context anew each time its `<Routes>` render, and react-admin renders
 * its routes again when its resources register and its permissions answer (after the login, after
 * the first rows are shown). Every component that reads the route renders again then: each
 * `useNavigate`, `Link` and `useDataProvider` (react-admin's logs out on a 401 through navigation)
 * — in a list, every row's buttons: 25 to 100 rows rendered again while the operator waits for
 * the page. Under this, they render again only when the route does (another path or parameters).
 */
export function StableRoute({ children }: { children: ReactNode }) {
  const route = useContext(RouteContext);
  const key = routeKey(route);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the route
  const stable = useMemo(() => route, [key]);
  return <RouteContext.Provider value={stable}>{children}</RouteContext.Provider>;
}
