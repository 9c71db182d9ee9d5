import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { fieldError, z, type Ctx } from '../http/router';
import { Int, NullableId, Num, Text } from '../http/input';
import { priceTableUseCount, priceTableUsers } from '../domain/templates';
import { PRICE_KINDS, PRICE_MAX_FEN, TIERS_MAX, priceTableProblem, scheduleUse, type PriceTableInput, type Segment } from '../../common/tariffs';
import { templateRoutes } from './templateKit';

const { priceTables, timePeriods } = schema;

const Price = Int(0, PRICE_MAX_FEN);
const Tier = z.object({ upTo: Num(0.01, 10_000_000).nullable(), priceFen: Price });

/** POST priceTable/addPriceTable (binding, issue 29): prices in integer fen per kWh; water per m³. */
const Body = z.object({
  name: Text(50),
  kind: z.enum(PRICE_KINDS),
  sharpFen: Price.optional(),
  peakFen: Price.optional(),
  flatFen: Price.optional(),
  valleyFen: Price.optional(),
  /** Water price per m³ (fen). */
  waterFen: Price.optional(),
  tiers: z.array(Tier).max(TIERS_MAX).nullable().optional(),
  scheduleId: NullableId.optional(),
  remark: z.string().trim().max(200).nullable().optional(),
});

/** A row as `priceTable/findByCondition` answers it: `{ id, name, kind, sharpFen, peakFen, flatFen, valleyFen, tiers, scheduleId, usedBy }` and more. */
const select = (db: Db) => db.select({
  id: priceTables.id, areaId: priceTables.areaId, name: priceTables.name, kind: priceTables.kind,
  sharpFen: priceTables.sharpFen, peakFen: priceTables.peakFen, flatFen: priceTables.flatFen, valleyFen: priceTables.valleyFen,
  tiers: priceTables.tiers, scheduleId: priceTables.timePeriodId, scheduleName: timePeriods.name, waterFen: priceTables.waterFen,
  remark: priceTables.remark, createdAt: priceTables.createdAt, usedBy: priceTableUseCount(),
}).from(priceTables).leftJoin(timePeriods, eq(timePeriods.id, priceTables.timePeriodId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

/** A time-of-use table's schedule: of the table's area, with rate-register segments. */
async function checkSchedule(c: Ctx, scheduleId: number, areaId: number) {
  const [schedule] = await c.get('deps').db.select({ segments: timePeriods.segments }).from(timePeriods)
    .where(and(eq(timePeriods.id, scheduleId), eq(timePeriods.areaId, areaId)));
  if (!schedule) throw fieldError(c, 'scheduleId', 'errors.tariffs.scheduleNotFound', { id: scheduleId });
  if (scheduleUse(schedule.segments as Segment[]) !== 'tou') throw fieldError(c, 'scheduleId', 'errors.tariffs.scheduleNotRates');
}

/** 单价表: price tables (single rate, time-of-use, tiered), on the template kit. */
export function priceTableRoutes() {
  return templateRoutes<Row, typeof Body>({
    tag: 'priceTable', entity: 'priceTable',
    paths: { list: 'findByCondition', add: 'addPriceTable', update: 'updatePriceTable', delete: 'deletePriceTable', usedBy: 'findUsedBy' },
    table: priceTables, id: priceTables.id, area: priceTables.areaId, name: priceTables.name,
    statement: 'price_table_rows', select, body: Body,
    users: priceTableUsers, inUseKey: 'errors.tariffs.inUseByMeters',
    async columns(c, { body, before, areaId }) {
      const merged = { ...(before ?? {}), ...body } as PriceTableInput & { name: string; remark?: string | null };
      // A single rate uses flatFen for every register; a tiered table's registers follow its first tier.
      if (merged.kind === 'single' && merged.flatFen !== undefined) merged.sharpFen = merged.peakFen = merged.valleyFen = merged.flatFen;
      const problem = priceTableProblem(merged);
      if (problem) return { problem };
      if (merged.kind === 'tou') await checkSchedule(c, merged.scheduleId!, areaId);
      const first = merged.kind === 'tiered' ? merged.tiers![0].priceFen : merged.flatFen!;
      return {
        values: {
          name: merged.name, kind: merged.kind, remark: merged.remark ?? null,
          sharpFen: merged.sharpFen ?? first, peakFen: merged.peakFen ?? first, flatFen: merged.flatFen ?? first, valleyFen: merged.valleyFen ?? first,
          waterFen: merged.waterFen ?? 0,
          tiers: merged.kind === 'tiered' ? merged.tiers : null,
          timePeriodId: merged.kind === 'tou' ? merged.scheduleId : null,
        },
      };
    },
  });
}
