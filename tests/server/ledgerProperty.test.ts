/**
 * The ledger property (DOMAIN.md, Account; issue 10): over random sequences of recharges (new and
 * replayed requests), deductions, gifts, refunds, voids and groups of concurrent requests against
 * several accounts, after every step each account's balance equals the sum of its ledger, and equals
 * the balance of a reference model written here separately from the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Session } from '../../server/auth/session';
import { DomainError } from '../../server/domain/results';
import { postLedger } from '../../server/domain/ledger';
import { recharge, voidOrder } from '../../server/domain/recharge';
import { startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
let session: Session;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The accounts under test: room, utility, hoarding limit (lowered so that the limit is hit). */
interface Subject { accountId: number; roomId: number; utility: 'electric' | 'water'; hoardLimitFen: number }
let subjects: Subject[] = [];
const HOARD = 300_000;
const MAX_FEN = 100_000;

beforeAll(async () => {
  backend = await startTestBackend();
  const [user] = await rows(sql`SELECT id, user_name, role_id, area_id FROM sys_users WHERE user_name = 'admin'`);
  const areaIds = (await rows(sql`SELECT id FROM areas WHERE id = ${user.area_id} OR parent_id = ${user.area_id}`)).map((r) => Number(r.id));
  session = { token: 'property', userId: user.id, userName: user.user_name, roleId: user.role_id, areaId: user.area_id, areaIds, readOnly: false, platformAdmin: false };
  const area = sql.raw(areaIds.join(','));
  const electric = await rows(sql`SELECT a.id, a.room_id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
    WHERE a.area_id IN (${area}) AND a.utility = 'electric' ORDER BY a.id LIMIT 2`);
  const water = await rows(sql`SELECT a.id, a.room_id FROM accounts a JOIN water_meters m ON m.room_id = a.room_id AND m.account_opened
    WHERE a.area_id IN (${area}) AND a.utility = 'water' ORDER BY a.id LIMIT 1`);
  const subject = (r: Row, utility: 'electric' | 'water'): Subject => ({ accountId: Number(r.id), roomId: Number(r.room_id), utility, hoardLimitFen: HOARD });
  subjects = [...electric.map((r) => subject(r, 'electric')), ...water.map((r) => subject(r, 'water'))];
  // Every subject starts well inside its (lowered) hoarding limit: deductions of the ledger bring it there.
  await backend.database.db.transaction(async (tx) => {
    for (const s of subjects) {
      await tx.execute(sql`UPDATE accounts SET hoard_limit_fen = ${HOARD} WHERE id = ${s.accountId}`);
      const [{ balance_fen: balance }] = ((await tx.execute(sql`SELECT balance_fen FROM accounts WHERE id = ${s.accountId}`)) as unknown as { rows: Row[] }).rows;
      if (Number(balance) > 100_000) await postLedger(tx, { accountId: s.accountId, kind: 'deduction', amountFen: 100_000 - Number(balance) }, backend.clock.now);
    }
  });
}, 120_000);
afterAll(() => backend.close());

// ---- the operations and the reference model ---------------------------------------------------

type Op =
  | { kind: 'recharge'; subject: number; amountFen: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'deduction' | 'gift' | 'refund'; subject: number; amountFen: number }
  | { kind: 'void'; pick: number }
  | { kind: 'concurrent'; ops: Op[] };

const subjectArb = fc.nat({ max: 2 });
const amountArb = fc.integer({ min: 1, max: 120_000 }); // above MAX_FEN now and then: refused
const simple: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('recharge' as const), subject: subjectArb, amountFen: amountArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deduction' as const), subject: subjectArb, amountFen: fc.integer({ min: 1, max: 80_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gift' as const), subject: subjectArb, amountFen: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), subject: subjectArb, amountFen: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: simple },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('concurrent' as const), ops: fc.array(simple, { minLength: 2, maxLength: 6 }) }) },
);

/** What the model knows: balances, and the orders taken (request, subject, amount, void or not). */
interface Model {
  balance: Map<number, number>;
  orders: { requestId: string; subject: number; amountFen: number; orderId: string; void: boolean }[];
}

let requestSeq = 0;
const newRequestId = () => `prop-${process.pid}-${++requestSeq}`;

/** Runs one operation against the service; answers what happened, for the model to apply. */
type Target = Model['orders'][number] | undefined;
/** The earlier order a replay or a void refers to, chosen before its step runs. */
const targetOf = (op: Op, model: Model): Target => (op.kind === 'replay' || op.kind === 'void' ? model.orders[op.pick % Math.max(model.orders.length, 1)] : undefined);

async function run(op: Exclude<Op, { kind: 'concurrent' }>, target: Target, requestId: string) {
  const db = backend.database.db;
  const now = backend.clock.now;
  try {
    switch (op.kind) {
      case 'recharge': {
        const s = subjects[op.subject % subjects.length];
        const result = await recharge(db, session, { roomId: s.roomId, utility: s.utility, amountFen: op.amountFen, channel: 'cash', requestId }, now, MAX_FEN);
        return { ok: true as const, orderId: result.order.orderId, replayed: result.replayed };
      }
      case 'replay': {
        const order = target;
        if (!order) return { ok: true as const, skipped: true };
        const s = subjects[order.subject];
        const result = await recharge(db, session, { roomId: s.roomId, utility: s.utility, amountFen: order.amountFen, channel: 'cash', requestId: order.requestId }, now, MAX_FEN);
        return { ok: true as const, orderId: result.order.orderId, replayed: result.replayed };
      }
      case 'void': {
        const order = target;
        if (!order) return { ok: true as const, skipped: true };
        await voidOrder(db, session, order.orderId, now);
        return { ok: true as const, orderId: order.orderId };
      }
      default: {
        const s = subjects[op.subject % subjects.length];
        const amountFen = op.kind === 'gift' ? op.amountFen : -op.amountFen;
        await db.transaction((tx) => postLedger(tx, { accountId: s.accountId, kind: op.kind, amountFen }, now));
        return { ok: true as const };
      }
    }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false as const, key: error.key };
    throw error;
  }
}

/** The model's own rule for a recharge: a positive amount up to the maximum, not past the hoarding limit. */
const modelAccepts = (model: Model, subject: number, amountFen: number) =>
  amountFen <= MAX_FEN && (model.balance.get(subjects[subject].accountId) ?? 0) + amountFen <= HOARD;

/** Applies an outcome to the model; in a sequential step it also checks that the service decided as the model does. */
function apply(op: Exclude<Op, { kind: 'concurrent' }>, target: Target, outcome: Awaited<ReturnType<typeof run>>, model: Model, requestId: string, sequential: boolean) {
  const credit = (subject: number, amount: number) => {
    const id = subjects[subject].accountId;
    model.balance.set(id, (model.balance.get(id) ?? 0) + amount);
  };
  if (op.kind === 'recharge') {
    const subject = op.subject % subjects.length;
    const expected = modelAccepts(model, subject, op.amountFen);
    if (sequential) expect(outcome.ok, `recharge ${op.amountFen} on ${subject}`).toBe(expected);
    else if (!outcome.ok) expect(['errors.hoardLimit', 'errors.rechargeMax']).toContain(outcome.key);
    if (outcome.ok && 'orderId' in outcome) {
      expect(outcome.replayed).toBe(false);
      credit(subject, op.amountFen);
      model.orders.push({ requestId, subject, amountFen: op.amountFen, orderId: outcome.orderId!, void: false });
    }
  } else if (op.kind === 'replay') {
    // A replayed request never credits: it answers its order.
    const order = target;
    if (order) expect([outcome.ok, 'orderId' in outcome && outcome.orderId]).toEqual([true, order.orderId]);
  } else if (op.kind === 'void') {
    const order = target;
    if (!order) return;
    if (order.void) {
      expect(outcome).toEqual({ ok: false, key: 'errors.orderAlreadyVoid' });
    } else if (outcome.ok) {
      order.void = true;
      credit(order.subject, -order.amountFen);
    } else {
      // Two voids of one order at once: exactly one of them wins (the other finds it void).
      expect(outcome.key).toBe('errors.orderAlreadyVoid');
      expect(sequential).toBe(false);
    }
  } else {
    expect(outcome.ok).toBe(true);
    credit(op.subject % subjects.length, op.kind === 'gift' ? op.amountFen : -op.amountFen);
  }
}

async function checkInvariants(model: Model) {
  for (const s of subjects) {
    const [row] = await rows(sql`SELECT a.balance_fen, (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id)::bigint AS ledger,
      (SELECT balance_after_fen FROM ledger_entries l WHERE l.account_id = a.id ORDER BY id DESC LIMIT 1) AS last_after FROM accounts a WHERE a.id = ${s.accountId}`);
    expect(Number(row.balance_fen), `account ${s.accountId}: balance = sum of ledger`).toBe(Number(row.ledger));
    expect(Number(row.balance_fen), `account ${s.accountId}: balance = model`).toBe(model.balance.get(s.accountId));
    expect(Number(row.last_after), `account ${s.accountId}: last balance after`).toBe(Number(row.balance_fen));
  }
}

describe('ledger property', () => {
  it('balance = sum of ledger = reference model after every step of random sequences (concurrent groups included)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const model: Model = { balance: new Map(), orders: [] };
        for (const s of subjects) {
          const [row] = await rows(sql`SELECT balance_fen FROM accounts WHERE id = ${s.accountId}`);
          model.balance.set(s.accountId, Number(row.balance_fen));
        }
        for (const op of ops) {
          if (op.kind === 'concurrent') {
            const simpleOps = op.ops as Exclude<Op, { kind: 'concurrent' }>[];
            const ids = simpleOps.map(() => newRequestId());
            // The model's view before the group: replays and voids refer to orders that existed then.
            const targets = simpleOps.map((inner) => targetOf(inner, model));
            const outcomes = await Promise.all(simpleOps.map((inner, i) => run(inner, targets[i], ids[i])));
            // In a group the order of the outcomes is the database's: the model takes each reported outcome
            // (a refusal must be a rule's), and the balances must still agree after the group.
            simpleOps.forEach((inner, i) => apply(inner, targets[i], outcomes[i], model, ids[i], false));
          } else {
            const id = newRequestId();
            const target = targetOf(op, model);
            apply(op, target, await run(op, target, id), model, id, true);
          }
          await checkInvariants(model);
        }
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 25), endOnFailure: true },
    );
  }, 600_000);
});
