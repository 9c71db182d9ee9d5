import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { fieldError, z, type Ctx } from '../http/router';
import { Bool, Id, Int, Num, Text } from '../http/input';
import { parameterSetElectricIds, parameterSetUseCount, parameterSetUsers } from '../domain/templates';
import {
  GIFT_DAY_MAX, GIFT_UNITS, LOAD_ACTIONS, MONEY_LIMIT_MAX_FEN, POWER_MAX_W, parameterValuesProblem, scheduleUse,
  type ParameterKind, type Segment,
} from '../../common/tariffs';
import { templateRoutes } from './templateKit';

const { parameterSets, timePeriods } = schema;

const Watts = Int(1, POWER_MAX_W);
const Fen = Int(0, MONEY_LIMIT_MAX_FEN);
const Clock = z.string().max(5);

/** The values of each kind (types and ranges; the relations between them: common/tariffs.ts). */
export const SET_VALUES = {
  power: z.object({ maxPowerW: Watts }),
  control: z.object({ alarm1Fen: Fen, alarm2Fen: Fen, overdraftFen: Fen, hoardLimitFen: Fen, autoTrip: Bool }),
  load: z.object({ maxLoadW: Watts, malignantThresholdW: Watts, action: z.enum(LOAD_ACTIONS) }),
  night: z.object({ start: Clock, end: Clock, maxW: Watts }),
  timed: z.object({ timePeriodId: Id, days: z.array(Int(1, 7)).min(1).max(7) }),
  gift: z.object({ amount: Num(0.01, 100_000), unit: z.enum(GIFT_UNITS), dayOfMonth: Int(1, GIFT_DAY_MAX), carryOverCap: Num(0, 100_000) }),
} satisfies Record<ParameterKind, z.ZodObject>;

const bodyOf = (kind: ParameterKind) => z.object({ name: Text(50), values: SET_VALUES[kind], remark: z.string().trim().max(200).nullable().optional() });
const patchOf = (kind: ParameterKind) => z.object({ name: Text(50).optional(), values: SET_VALUES[kind].partial().optional(), remark: z.string().trim().max(200).nullable().optional() });

const selectOf = (kind: ParameterKind) => (db: Db) => db.select({
  id: parameterSets.id, areaId: parameterSets.areaId, kind: parameterSets.kind, name: parameterSets.name, values: parameterSets.values,
  remark: parameterSets.remark, createdAt: parameterSets.createdAt, usedBy: parameterSetUseCount(kind),
}).from(parameterSets);
type Row = Awaited<ReturnType<ReturnType<ReturnType<typeof selectOf>>['where']>>[number];

/** A timed set's schedule: an on/off schedule of the set's area. */
async function checkSwitchSchedule(c: Ctx, id: number, areaId: number) {
  const [schedule] = await c.get('deps').db.select({ segments: timePeriods.segments }).from(timePeriods)
    .where(and(eq(timePeriods.id, id), eq(timePeriods.areaId, areaId)));
  if (!schedule) throw fieldError(c, 'values.timePeriodId', 'errors.tariffs.scheduleNotFound', { id });
  if (scheduleUse(schedule.segments as Segment[]) !== 'onoff') throw fieldError(c, 'values.timePeriodId', 'errors.tariffs.scheduleNotSwitch');
}

/**
 * The parameter sets of one kind (功率 / 控制 / 负载 / 夜间小功率 / 定时通断 / 免费电赠送) on the
 * template kit: `parameterSet/<kind>/findByCondition`, `addParameterSet`, `updateParameterSet`,
 * `deleteParameterSet`, `findUsedBy`. Updating `values` merges the fields sent with the set's.
 */
export function parameterSetRoutes(kind: ParameterKind) {
  return templateRoutes<Row, ReturnType<typeof bodyOf>>({
    tag: `parameterSet/${kind}`, entity: 'parameterSet',
    paths: { list: 'findByCondition', add: 'addParameterSet', update: 'updateParameterSet', delete: 'deleteParameterSet', usedBy: 'findUsedBy' },
    table: parameterSets, id: parameterSets.id, area: parameterSets.areaId, name: parameterSets.name,
    base: sql`${parameterSets.kind} = ${sql.raw(`'${kind}'`)}`,
    statement: `parameter_set_${kind}_rows`, select: selectOf(kind), body: bodyOf(kind), patch: patchOf(kind),
    users: (db, id) => parameterSetUsers(db, kind, id), inUseKey: 'errors.tariffs.inUseByMeters',
    electricIds: (db, id) => parameterSetElectricIds(db, kind, id),
    async columns(c, { body, before, areaId }) {
      const values = { ...(before?.values ?? {}), ...((body.values as Record<string, unknown> | undefined) ?? {}) };
      const problem = parameterValuesProblem(kind, values);
      if (problem) return { problem };
      if (kind === 'timed') await checkSwitchSchedule(c, values.timePeriodId as number, areaId);
      return {
        values: {
          kind, name: (body.name ?? before?.name) as string, values,
          remark: (body.remark === undefined ? before?.remark : body.remark) ?? null,
        },
      };
    },
  });
}
