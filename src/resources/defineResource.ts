import type { ComponentType } from 'react';
import type { EndpointMap } from '../data/endpoints';

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
}

export const defineResource = (definition: ResourceDefinition) => definition;
