import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute } from '../http/router';
import { ok } from '../http/envelope';
import { inScope } from '../http/scope';
import { roomBillingListRoutes } from './roomBilling';

const { faults, rooms, buildings, electricMeters, waterMeters, modules } = schema;

/** deviceType of a read-failure device: 1 electric meter (shown as a success tag), 2 water meter, 3 module. */
export const DEVICE_TYPE = { electric: 1, water: 2, module: 3 } as const;

export function roomBillingStatementRoutes() {
  const router = createRouter();

  // SPEC.md: data is the list of read-failure devices (roomCode, deviceAddress, deviceType),
  // loaded on start and refreshed every 1,800,000 ms by the header's alarm bell (设备通讯异常).
  // A module that is offline is listed too (deviceType 3, no room): the meters behind it are not
  // read while it is away, so without it an outage would leave the bell empty.
  defineRoute(router, {
    method: 'get', path: '/findReadTheListOfFailuresVo', summary: 'Devices that do not communicate: open read failures, and modules offline', tags: ['room billing'],
  }, async (c) => {
    const { db } = c.get('deps');
    const deviceAddress = sql<string>`coalesce(${electricMeters.address}, ${waterMeters.address}, ${modules.address})`;
    const rows = await db
      .select({
        id: faults.id,
        roomCode: rooms.roomCode,
        // Beyond SPEC.md's three fields: nine buildings have a room 605, so the bell names the building and opens the room.
        roomId: rooms.id,
        buildingName: buildings.name,
        deviceAddress,
        deviceKind: faults.deviceKind,
        openedAt: faults.openedAt,
      })
      .from(faults)
      .leftJoin(rooms, eq(rooms.id, faults.roomId))
      .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
      .leftJoin(electricMeters, and(eq(faults.deviceKind, 'electric'), eq(electricMeters.id, faults.deviceId)))
      .leftJoin(waterMeters, and(eq(faults.deviceKind, 'water'), eq(waterMeters.id, faults.deviceId)))
      .leftJoin(modules, and(eq(faults.deviceKind, 'module'), eq(modules.id, faults.deviceId)))
      .where(and(
        inScope(faults.areaId, c.get('session')),
        isNull(faults.clearedAt),
        or(eq(faults.kind, 'read_failure'), and(eq(faults.kind, 'offline'), eq(faults.deviceKind, 'module'))),
        // A device deleted since (its faults stay as history) is no longer one to look after.
        sql`${deviceAddress} IS NOT NULL`,
      ))
      .orderBy(faults.openedAt);
    return ok(c, rows.map(({ deviceKind, ...row }) => ({ ...row, deviceType: DEVICE_TYPE[deviceKind as keyof typeof DEVICE_TYPE] ?? DEVICE_TYPE.water })));
  });

  // The statements and their lines (issue 31): server/routes/roomBilling.ts.
  roomBillingListRoutes(router);

  return router;
}
