import { get } from '../../data/endpoints';
import { defineResource } from '../defineResource';

/** Lookups of the bindings screens (tenant and room pickers, meters in stock, binding history). */
export const bindingLookups = [
  defineResource({ name: 'tenants', endpoints: { getList: get('tenant/findByCondition') }, recordRepresentation: 'name' }),
  defineResource({ name: 'vacantRooms', endpoints: { getList: get('tenantBinding/findVacantRooms') }, recordRepresentation: 'roomCode' }),
  defineResource({ name: 'tenantBindings', endpoints: { getList: get('tenantBinding/findByCondition') } }),
  defineResource({ name: 'meterRooms', endpoints: { getList: get('roomMeter/findByCondition') }, recordRepresentation: 'roomCode' }),
  ...(['electric', 'water'] as const).map((utility) => defineResource({
    name: `${utility}MetersInStock`,
    endpoints: { getList: get('roomMeter/findUnattachedMeters', { request: (params) => ({ ...params, utility }) }) },
    recordRepresentation: 'address',
  })),
];
