/**
 * A tenancy's money at its edges (issue 40): binding a tenant to a room whose account is not at zero
 * asks what becomes of the vacancy's balance (`balanceAtBinding`: carry or settle), the tenant's
 * ledger starts at the binding, and a move-out refund pays out only what the tenancy holds. A
 * property test runs random move-ins, recharges, charges and move-outs of rooms against a reference
 * model written here (the vacancy's money and the tenancy's, kept apart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { residentCheckChar } from '../../common/identity';
import { postLedger } from '../../server/domain/ledger';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Moves the test clock on by some minutes: each step of a story at its own time. */
const tick = (minutes = 5) => { backend.clock.now = new Date(backend.clock.now.getTime() + minutes * 60_000); };

let serial = 0;
async function newTenant() {
  const first17 = `11010119900307${String(serial++).padStart(3, '0')}`;
  const response = await api.post('tenant/addTenant', { name: `租户边界${serial}`, phone: '13900000000', idNumber: `${first17}${residentCheckChar(first17)}` });
  expect(response.body.code, response.body.msg).toBe(200);
  return { id: response.body.data.id as number, name: `租户边界${serial}` };
}

/** A vacant area-1 room with an electric meter, not used yet by this file; its water account (if any) set to 0, so that the electric one is the room's only money. */
const used = new Set<number>();
async function vacantRoom() {
  const found = await rows(sql`
    SELECT r.id, r.room_code, b.name AS building, p.name AS project FROM rooms r
    JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
    WHERE r.area_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin')
      AND EXISTS (SELECT 1 FROM electric_meters m WHERE m.room_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings t WHERE t.room_id = r.id AND t.end_date IS NULL)
    ORDER BY r.id LIMIT 200`);
  const room = found.find((r) => !used.has(Number(r.id)));
  if (!room) throw new Error('no vacant room left');
  used.add(Number(room.id));
  const [water] = await rows(sql`SELECT id, balance_fen::int AS balance FROM accounts WHERE room_id = ${room.id} AND utility = 'water'`);
  if (water && water.balance !== 0) {
    await backend.database.db.transaction((tx) => postLedger(tx as never, { accountId: Number(water.id), kind: 'calibration', amountFen: -water.balance, remark: 'test: water at 0' }, backend.clock.now));
  }
  return { id: Number(room.id), label: `${room.project} ${room.building} ${room.room_code}` };
}

let requests = 0;
async function recharge(roomId: number, amountFen: number) {
  const response = await api.post('account/recharge', { roomId, utility: 'electric', amountFen, channel: 'cash', requestId: `tenancy-${Date.now()}-${++requests}` });
  expect(response.body.code, response.body.msg).toBe(200);
}
const account = async (roomId: number) => (await rows(sql`SELECT id, balance_fen::int AS balance FROM accounts WHERE room_id = ${roomId} AND utility = 'electric'`))[0] as { id: number; balance: number } | undefined;
/** A charge on the account (what the billing posts for a reading). */
async function charge(roomId: number, amountFen: number) {
  const acc = await account(roomId);
  await backend.database.db.transaction((tx) => postLedger(tx as never, { accountId: Number(acc!.id), kind: 'deduction', amountFen: -amountFen, remark: 'test charge' }, backend.clock.now));
}
/** Sets a room's balance to a figure through the ledger (a recharge up, a charge down). */
async function balanceTo(roomId: number, fen: number) {
  const now = (await account(roomId))?.balance ?? 0;
  if (fen > now) await recharge(roomId, fen - now);
  if (fen < now) await charge(roomId, now - fen);
  expect((await account(roomId))!.balance).toBe(fen);
}
const ledgerSum = async (accountId: number) => Number((await rows(sql`SELECT coalesce(sum(amount_fen), 0)::int AS s FROM ledger_entries WHERE account_id = ${accountId}`))[0].s);
const bind = (tenantId: number, roomId: number, extra: Record<string, unknown> = {}) => api.post('tenantBinding/bindTenant', { tenantId, roomId, ...extra });
const currentBinding = async (roomId: number) => (await rows(sql`SELECT id FROM tenant_bindings WHERE room_id = ${roomId} AND end_date IS NULL`))[0]?.id as number | undefined;
/** Unbinds the room's tenant; answers the electric account's settlement and the message. */
const unbind = async (roomId: number, settlement: 'refund' | 'carryOver') => {
  const response = await api.post('tenantBinding/unbindTenant', { bindingId: Number(await currentBinding(roomId)), settlement });
  expect(response.body.code, response.body.msg).toBe(200);
  const data = response.body.data as { settlements: { utility: string; refundedFen: number; collectedFen: number; retainedFen: number; balanceFen: number }[]; message: string };
  return { ...data, settlements: data.settlements.filter((s) => s.utility === 'electric') };
};

describe('binding a room whose account is not at zero', () => {
  it('asks for balanceAtBinding (400 naming it, the balance in the message) and binds nothing', async () => {
    const room = await vacantRoom();
    await balanceTo(room.id, 4283);
    const tenant = await newTenant();
    const before = await rows(sql`SELECT count(*)::int AS n FROM tenant_bindings`);
    const ledgerBefore = await rows(sql`SELECT count(*)::int AS n FROM ledger_entries`);
    const refused = await bind(tenant.id, room.id);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^房间余额处理：/);
    expect(refused.body.msg).toContain('¥42.83');
    const english = await backend.app.request('/api/v1/electricity/tenantBinding/bindTenant', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Token': await loginAs(backend.app, 'admin'), 'Accept-Language': 'en' },
      body: JSON.stringify({ tenantId: tenant.id, roomId: room.id }),
    });
    expect(((await english.json()) as { msg: string }).msg).toMatch(/^Room balance at binding: .*carry/);
    expect(await rows(sql`SELECT count(*)::int AS n FROM tenant_bindings`)).toEqual(before);
    expect(await rows(sql`SELECT count(*)::int AS n FROM ledger_entries`)).toEqual(ledgerBefore);
    expect(await currentBinding(room.id)).toBeUndefined();
    // A wrong value is named too, and so is settleBy without settle.
    expect((await bind(tenant.id, room.id, { balanceAtBinding: 'keep' })).body.msg).toMatch(/^房间余额处理：/);
    expect((await bind(tenant.id, room.id, { balanceAtBinding: 'carry', settleBy: 'writeOff' })).body.msg).toMatch(/^结清方式：/);
    expect(await currentBinding(room.id)).toBeUndefined();
  });

  it('carry: the balance goes to the tenancy as its first line; the tenant\'s ledger starts there; the move-out refunds it all', async () => {
    const room = await vacantRoom();
    await balanceTo(room.id, 4283);
    tick();
    const tenant = await newTenant();
    const bound = await bind(tenant.id, room.id, { balanceAtBinding: 'carry' });
    expect(bound.body.code, bound.body.msg).toBe(200);
    const acc = (await account(room.id))!;
    expect(acc.balance).toBe(4283);
    const [first] = await rows(sql`SELECT kind, amount_fen::int AS amount, balance_after_fen::int AS after, remark FROM ledger_entries WHERE account_id = ${acc.id} AND ref_type = 'tenancyStart'`);
    expect(first).toMatchObject({ kind: 'settlement', amount: 0, after: 4283 });
    expect(first.remark).toContain(room.label);
    expect(first.remark).toContain('¥42.83');
    // The tenant's view: the first line and what follows, not the vacancy's recharge.
    tick();
    await recharge(room.id, 252000);
    const mine = (await api.get('account/ledger', { accountId: acc.id, pageSize: 50 })).body.data as { records: { kind: string; refType: string | null }[]; total: number };
    expect(mine.records.map((r) => (r.refType === 'tenancyStart' ? r.refType : r.kind))).toEqual(['recharge', 'tenancyStart']);
    const all = (await api.get('account/ledger', { accountId: acc.id, from: 'all', pageSize: 50 })).body.data as { total: number };
    expect(all.total).toBeGreaterThan(mine.total);
    const sides = (await api.get('account/findByRoom', { roomId: room.id })).body.data as { utility: string; tenancy: { tenantName: string; openingFen: number } | null }[];
    expect(sides.find((s) => s.utility === 'electric')!.tenancy).toMatchObject({ tenantName: tenant.name, openingFen: 4283 });
    tick();
    const out = await unbind(room.id, 'refund');
    expect(out.settlements[0]).toMatchObject({ refundedFen: 256283, balanceFen: 0 });
    expect(out.message).toContain(room.label);
    expect(await ledgerSum(acc.id)).toBe((await account(room.id))!.balance);
  });

  it('settle by refund: the vacancy\'s balance goes to the owner first; the move-out refunds only what the tenant paid', async () => {
    const room = await vacantRoom();
    await balanceTo(room.id, 4283);
    tick();
    const tenant = await newTenant();
    expect((await bind(tenant.id, room.id, { balanceAtBinding: 'settle', remark: '业主已现金领回' })).body.code).toBe(200);
    const acc = (await account(room.id))!;
    expect(acc.balance).toBe(0);
    const lines = await rows(sql`SELECT kind, amount_fen::int AS amount, ref_type, remark FROM ledger_entries WHERE account_id = ${acc.id} AND ref_type IN ('vacancySettlement', 'tenancyStart') ORDER BY id`);
    expect(lines.map((l) => [l.ref_type, l.kind, l.amount])).toEqual([['vacancySettlement', 'refund', -4283], ['tenancyStart', 'settlement', 0]]);
    expect(lines[0].remark).toContain('退还业主');
    expect(lines[0].remark).toContain('业主已现金领回');
    tick();
    await recharge(room.id, 252000);
    await charge(room.id, 1717);
    tick();
    const out = await unbind(room.id, 'refund');
    expect(out.settlements[0]).toMatchObject({ refundedFen: 250283, balanceFen: 0 });
    expect(await ledgerSum(acc.id)).toBe(0);
  });

  it('settle by write-off, and a vacancy in arrears collected from the owner', async () => {
    const written = await vacantRoom();
    await balanceTo(written.id, 1000);
    tick();
    expect((await bind((await newTenant()).id, written.id, { balanceAtBinding: 'settle', settleBy: 'writeOff' })).body.code).toBe(200);
    const [off] = await rows(sql`SELECT kind, amount_fen::int AS amount, remark FROM ledger_entries WHERE account_id = ${(await account(written.id))!.id} AND ref_type = 'vacancySettlement'`);
    expect(off).toMatchObject({ kind: 'settlement', amount: -1000 });
    expect(off.remark).toContain('核销');
    const owing = await vacantRoom();
    await balanceTo(owing.id, 500);
    await charge(owing.id, 2324);
    tick();
    expect((await bind((await newTenant()).id, owing.id, { balanceAtBinding: 'settle' })).body.code).toBe(200);
    const [collected] = await rows(sql`SELECT kind, amount_fen::int AS amount, remark FROM ledger_entries WHERE account_id = ${(await account(owing.id))!.id} AND ref_type = 'vacancySettlement'`);
    expect(collected).toMatchObject({ kind: 'refund', amount: 1824 });
    expect(collected.remark).toContain('向业主收回');
    expect((await account(owing.id))!.balance).toBe(0);
  });

  it('a room at zero binds without the question, with a first line of 0', async () => {
    const room = await vacantRoom();
    const acc = await account(room.id);
    if (acc && acc.balance !== 0) await balanceTo(room.id, 0);
    const response = await bind((await newTenant()).id, room.id);
    expect(response.body.code, response.body.msg).toBe(200);
    if (acc) {
      const [first] = await rows(sql`SELECT amount_fen::int AS amount, balance_after_fen::int AS after FROM ledger_entries WHERE account_id = ${acc.id} AND ref_type = 'tenancyStart'`);
      expect(first).toMatchObject({ amount: 0, after: 0 });
    }
  });

  it('the vacant-room picker shows each room\'s balances', async () => {
    const room = await vacantRoom();
    await balanceTo(room.id, 777);
    const listed = (await api.get('tenantBinding/findVacantRooms', { id: room.id })).body.data.records as { electricBalanceFen: number | null; waterBalanceFen: number | null }[];
    expect(listed[0].electricBalanceFen).toBe(777);
    expect([null, 0]).toContain(listed[0].waterBalanceFen);
  });
});

describe('a binding made before the rule (no first line)', () => {
  it('refunds at move-out only what came after the binding; the vacancy\'s ¥42.83 stays with the room', async () => {
    const room = await vacantRoom();
    await balanceTo(room.id, 4283);
    tick();
    const tenant = await newTenant();
    // As bindings were recorded before issue 40: the row alone.
    await rows(sql`INSERT INTO tenant_bindings (area_id, tenant_id, room_id, start_date, created_at)
      SELECT area_id, ${tenant.id}, id, '2026-11-20', ${backend.clock.now.toISOString()}::timestamptz FROM rooms WHERE id = ${room.id}`);
    tick();
    await recharge(room.id, 252000);
    const acc = (await account(room.id))!;
    const mine = (await api.get('account/ledger', { accountId: acc.id, pageSize: 50 })).body.data as { records: { kind: string }[] };
    expect(mine.records.map((r) => r.kind)).toEqual(['recharge']);
    const preview = (await api.get('tenantBinding/findSettlementPreview', { bindingId: Number(await currentBinding(room.id)) })).body.data as { accounts: { refund: { refundedFen: number; retainedFen: number } }[] };
    expect(preview.accounts[0].refund).toMatchObject({ refundedFen: 252000, retainedFen: 4283 });
    tick();
    const out = await unbind(room.id, 'refund');
    expect(out.settlements[0]).toMatchObject({ refundedFen: 252000, retainedFen: 4283, balanceFen: 4283 });
    expect(out.message).toContain('¥42.83');
    // The next tenant is asked about it.
    tick();
    expect((await bind((await newTenant()).id, room.id)).status).toBe(400);
  });
});

describe('property: a room\'s money over random tenancies', () => {
  type Op =
    | { kind: 'recharge'; fen: number }
    | { kind: 'charge'; fen: number }
    | { kind: 'bind'; choice: 'carry' | 'refund' | 'writeOff' }
    | { kind: 'unbind'; settlement: 'refund' | 'carryOver' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('recharge' as const), fen: fc.integer({ min: 1, max: 20000 }) }),
    fc.record({ kind: fc.constant('charge' as const), fen: fc.integer({ min: 1, max: 20000 }) }),
    fc.record({ kind: fc.constant('bind' as const), choice: fc.constantFrom('carry' as const, 'refund' as const, 'writeOff' as const) }),
    fc.record({ kind: fc.constant('unbind' as const), settlement: fc.constantFrom('refund' as const, 'carryOver' as const) }),
  );

  it('pays every tenant out exactly what their tenancy holds, and the ledger always sums to the balance', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 9 }), async (ops) => {
      const room = await vacantRoom();
      const start = (await account(room.id))?.balance ?? 0;
      // The reference: the vacancy's money and the current tenancy's (null while vacant).
      let vacancy = start;
      let tenancy: number | null = null;
      for (const step of ops) {
        tick(1);
        if (step.kind === 'recharge') {
          await recharge(room.id, step.fen);
          if (tenancy === null) vacancy += step.fen; else tenancy += step.fen;
        } else if (step.kind === 'charge') {
          if (!(await account(room.id))) continue;
          await charge(room.id, step.fen);
          if (tenancy === null) vacancy -= step.fen; else tenancy -= step.fen;
        } else if (step.kind === 'bind') {
          if (tenancy !== null) continue;
          const tenant = await newTenant();
          const body = vacancy === 0 ? {} : step.choice === 'carry' ? { balanceAtBinding: 'carry' } : { balanceAtBinding: 'settle', settleBy: step.choice };
          const response = await bind(tenant.id, room.id, body);
          expect(response.body.code, response.body.msg).toBe(200);
          tenancy = step.choice === 'carry' ? vacancy : 0;
          vacancy = 0;
        } else {
          if (tenancy === null) continue;
          const out = await unbind(room.id, step.settlement);
          const paid = out.settlements.reduce((sum, s) => sum + s.refundedFen - s.collectedFen, 0);
          if (step.settlement === 'refund') {
            expect(paid).toBe(tenancy);
          } else {
            expect(paid).toBe(0);
            vacancy += tenancy;
          }
          tenancy = null;
        }
        const acc = await account(room.id);
        const balance = acc?.balance ?? 0;
        expect(balance).toBe(vacancy + (tenancy ?? 0));
        if (acc) expect(await ledgerSum(Number(acc.id))).toBe(balance);
      }
    }), { numRuns: 12 });
  });
});
