import { schema, type Db } from '../db';
import { z } from '../http/router';
import { Text } from '../http/input';
import { scheduleUseCount, scheduleUsers } from '../domain/templates';
import { RATE_REGISTERS, SCHEDULE_MAX_SEGMENTS, SWITCH_STATES, scheduleProblem, scheduleUse, withEnds, type Segment } from '../../common/tariffs';
import { templateRoutes } from './templateKit';

const { timePeriods } = schema;

const RATES = [...RATE_REGISTERS, ...SWITCH_STATES] as const;
const Body = z.object({
  name: Text(50),
  /** 1–8 segments covering 24 h, no overlap, no gap: `{ start: 'HH:mm', end: 'HH:mm' (up to 24:00), rate }`. */
  segments: z.array(z.object({ start: z.string().max(5), end: z.string().max(5), rate: z.enum(RATES) })).min(1).max(SCHEDULE_MAX_SEGMENTS),
  remark: z.string().trim().max(200).nullable().optional(),
});

const select = (db: Db) => db.select({
  id: timePeriods.id, areaId: timePeriods.areaId, name: timePeriods.name, segments: timePeriods.segments,
  remark: timePeriods.remark, createdAt: timePeriods.createdAt, usedBy: scheduleUseCount(),
}).from(timePeriods);
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

/**
 * 时间段: day schedules of up to 8 segments covering the day, each a rate register (time-of-use
 * pricing) or on/off (timed control), never both in one schedule. A schedule in use keeps its kind:
 * a time-of-use table's schedule stays rate registers, a timed set's stays on/off.
 */
export function timePeriodRoutes() {
  return templateRoutes<Row, typeof Body>({
    tag: 'timePeriod', entity: 'timePeriod',
    paths: { list: 'findByCondition', add: 'addTimePeriod', update: 'updateTimePeriod', delete: 'deleteTimePeriod', usedBy: 'findUsedBy' },
    table: timePeriods, id: timePeriods.id, area: timePeriods.areaId, name: timePeriods.name,
    statement: 'time_period_rows', select, body: Body,
    users: scheduleUsers, inUseKey: 'errors.tariffs.inUseByTemplates',
    async columns(c, { body, before }) {
      const segments = (body.segments ?? (before && withEnds(before.segments))) as Segment[];
      const problem = scheduleProblem(segments, RATES);
      if (problem) return { problem };
      const use = scheduleUse(segments);
      if (use === 'mixed') return { problem: { field: 'segments', key: 'validation.tariff.scheduleMixed' } };
      if (before && body.segments) {
        const users = await scheduleUsers(c.get('deps').db, before.id);
        const wanted = users.some((user) => user.kind === 'priceTable') ? 'tou' : users.some((user) => user.kind === 'timedSet') ? 'onoff' : undefined;
        if (wanted && wanted !== use) return { problem: { field: 'segments', key: wanted === 'tou' ? 'validation.tariff.scheduleUsedAsRates' : 'validation.tariff.scheduleUsedAsSwitch' } };
      }
      return {
        values: {
          name: (body.name ?? before?.name) as string, remark: (body.remark === undefined ? before?.remark : body.remark) ?? null,
          segments: withEnds(segments).map(({ start, end, rate }) => ({ start, end, rate })),
        },
      };
    },
  });
}
