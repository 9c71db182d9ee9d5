import { createDataProvider } from './data/dataProvider';
import type { EndpointMap } from './data/endpoints';
import { createQueryClient } from './data/queryClient';
import { APP_ROUTES } from './routes';
import { lookupResources } from './resources/lookups';

/**
 * The console's data provider, composed here (beside App) from every resource's endpoint map: the
 * route table's screens and the lookup resources. The core (src/data) knows no screen.
 */
export const endpointMaps: Record<string, EndpointMap> = Object.fromEntries(
  [...APP_ROUTES.flatMap((route) => (route.resource ? [route.resource] : [])), ...lookupResources].map((r) => [r.name, r.endpoints]),
);

export const dataProvider = createDataProvider(endpointMaps);

/** The console's query client (tests give each rendered screen a new one). */
export const queryClient = createQueryClient(dataProvider);
