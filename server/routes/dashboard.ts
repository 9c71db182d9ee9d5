import { createRouter, defineRoute, z } from '../http/router';
import { ok } from '../http/envelope';
import { audit } from '../audit';
import { POWER_FAILURE_CAUSES } from '../../common/states';
import { ALARM_KINDS, dashboardAlarms, dashboardSummary, recordPowerFailure } from '../domain/dashboard';
import { Id, Q } from '../http/input';
import { platformTimeZone } from '../config';


const AlarmQuery = z.object({ utility: z.enum(['electric', 'water']), kind: Q.oneOf(ALARM_KINDS) });

/**
 * dashboard/…: the home dashboards (index_water: electricity, index: water). Every figure is read
 * within the caller's areas; the console's areaid parameters are ignored.
 */
export function dashboardRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findElectricSummary', tags: ['dashboard'],
    summary: 'Electricity home: rooms, meters online/offline, relays off, arrears rooms, kWh and recharge money of today and this month (each with the same stretch of the period before), 30 days of kWh and money, this month\'s top consumers, the arrears list',
  }, async (c) => {
    const { db, now } = c.get('deps');
    return ok(c, await dashboardSummary(db, c.get('session').areaIds, 'electric', now(), platformTimeZone()));
  });

  defineRoute(router, {
    method: 'get', path: '/findWaterSummary', tags: ['dashboard'],
    summary: 'Water home: rooms, meters online/offline, valves closed, low battery, arrears rooms, m³ and recharge money of today and this month (each with the period before), last month\'s m³, 30 days of m³ and money, this month\'s top consumers, the arrears list',
  }, async (c) => {
    const { db, now } = c.get('deps');
    return ok(c, await dashboardSummary(db, c.get('session').areaIds, 'water', now(), platformTimeZone()));
  });

  defineRoute(router, {
    method: 'get', path: '/findAlarms', tags: ['dashboard'],
    summary: 'The alarm panel of a dashboard: counts per kind (arrears, low balance, open power cuts, open faults, read failures, meters without a tariff) and the newest rows with project, building, room, time and reason',
    query: AlarmQuery,
  }, async (c, { query }) => ok(c, await dashboardAlarms(c.get('deps').db, c.get('session').areaIds, query.utility, query.kind)));

  defineRoute(router, {
    method: 'post', path: '/addPowerFailure', tags: ['dashboard'],
    summary: 'Record a power failure of a room\'s electric meter with its cause (an open power-cut record from offAt, default now)',
    body: z.object({
      roomId: Id,
      cause: z.enum(POWER_FAILURE_CAUSES),
      offAt: z.iso.datetime({ offset: true }).nullable().optional().openapi({ type: ['string', 'null'], format: 'date-time' }),
      remark: z.string().trim().max(200).nullable().optional(),
    }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const record = await db.transaction(async (tx) => {
      const created = await recordPowerFailure(tx, session.areaIds, { ...body, offAt: body.offAt ? new Date(body.offAt) : null }, now());
      await audit(tx, session, { action: 'add', entity: 'power_cut', entityId: created.id, after: created });
      return created;
    });
    return ok(c, record);
  });

  return router;
}
