import { createDataProvider } from './dataProvider';
import { APP_ROUTES } from '../routes';
import { lookupResources } from '../resources/lookups';
import type { EndpointMap } from './endpoints';

/** Every resource's endpoint map, gathered from the route table and the lookup resources. */
export const endpointMaps: Record<string, EndpointMap> = Object.fromEntries(
  [...APP_ROUTES.flatMap((route) => (route.resource ? [route.resource] : [])), ...lookupResources].map((r) => [r.name, r.endpoints]),
);

export const dataProvider = createDataProvider(endpointMaps);
