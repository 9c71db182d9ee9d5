import type { ComponentType } from 'react';
import type { EndpointMap } from '../data/endpoints';
import type { ListRead } from '../data/prefetch';

/** One resource of the console: its endpoint map and views (react-admin's demo `products/index.tsx` is the model). */
export interface ResourceDefinition {
  /** The route name: SPEC.md's path without a leading slash (`waterarchive`, `sysuser`). */
  name: string;
  endpoints: EndpointMap;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: Record<string, unknown>) => string);
  /** Loads the list view's code (its lazy chunk) ahead, e.g. on the login click. */
  preload?: () => Promise<unknown>;
  /** The reads the list makes when it opens, started ahead with the session (src/firstScreen.ts). */
  firstReads?: ListRead[];
}

export const defineResource = (definition: ResourceDefinition) => definition;
