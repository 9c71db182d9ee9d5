import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { APP_ROUTES } from './routes';
import { lookupResources } from './resources/lookups';
import PendingPage from './pages/PendingPage';
import { RedirectRoute, RefreshRoute } from './pages/hiddenRoutes';

/**
 * The children of the console's `<Admin>`: one `<Resource>` per route of the route table (pending
 * screens show PendingPage), the lookup resources, and the hidden /refresh and /redirect routes.
 * A function, not a component: react-admin reads its resources from `<Admin>`'s direct children.
 */
export function appResources() {
  return [
    ...APP_ROUTES.map((route) => (
      <Resource
        key={route.name}
        name={route.name}
        options={{ label: route.titleKey }}
        list={route.resource?.list ?? PendingPage}
        create={route.resource?.create}
        edit={route.resource?.edit}
        show={route.resource?.show}
        recordRepresentation={route.resource?.recordRepresentation as string | undefined}
      />
    )),
    ...lookupResources.map((resource) => (
      <Resource key={resource.name} name={resource.name} recordRepresentation={resource.recordRepresentation as string | undefined} />
    )),
    <CustomRoutes key="hidden-routes">
      <Route path="/refresh" element={<RefreshRoute />} />
      <Route path="/redirect/*" element={<RedirectRoute />} />
    </CustomRoutes>,
  ];
}
