import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { adminQuery, databaseUrl, testPostgresUrl } from '../support/postgres';
import { loginOver, startServerProcess, type ServerProcess } from '../../bench/support/serverProcess';

/**
 * Recharge idempotency across two backend processes (issue 10): two servers, as operators run them
 * behind a load balancer, on one PostgreSQL; 20 identical recharges split between them credit once.
 * Runs when DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, as in CI's PostgreSQL pass.
 */
const url = testPostgresUrl();
const PASSWORD = 'two-processes-2026';
const database = `metering_two_processes_${process.pid}`;

describe.skipIf(!url)('recharge across two backend processes on one PostgreSQL', () => {
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  let client: pg.Client;

  beforeAll(async () => {
    await adminQuery(url!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await adminQuery(url!, `CREATE DATABASE ${database}`);
    const target = databaseUrl(url!, database);
    // The first start seeds the demo estate; the second finds it there.
    first = await startServerProcess({ databaseUrl: target, password: PASSWORD });
    second = await startServerProcess({ databaseUrl: target, password: PASSWORD });
    client = new pg.Client({ connectionString: target });
    await client.connect();
  }, 600_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all([first?.stop(), second?.stop()]);
    if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  it('20 identical requests, 10 to each process at once, credit once and all answer the same order', async () => {
    const { rows: [room] } = await client.query(`
      SELECT a.room_id, a.id AS account_id, a.balance_fen::int AS balance FROM accounts a
      JOIN electric_meters m ON m.room_id = a.room_id JOIN sys_users u ON u.user_name = 'admin' AND a.area_id = u.area_id
      WHERE a.utility = 'electric' AND a.balance_fen >= 0 AND a.balance_fen < a.hoard_limit_fen - 10000 ORDER BY a.id LIMIT 1`);
    // One session, used on both processes (sessions live in the database).
    const token = await loginOver(first!.origin, 'admin', PASSWORD);
    const body = JSON.stringify({ roomId: room.room_id, utility: 'electric', amountFen: 10000, channel: 'cash', requestId: `two-processes-${process.pid}` });
    const send = (origin: string) => fetch(`${origin}/api/v1/electricity/account/recharge`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Token': token }, body,
    }).then(async (response) => ({ status: response.status, body: await response.json() as { code: number; msg?: string; data: { order: { orderId: string } } } }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send((i % 2 ? second! : first!).origin)));
    for (const answer of answers) expect(answer.body.code, answer.body.msg).toBe(200);
    const orderIds = new Set(answers.map((answer) => answer.body.data.order.orderId));
    expect(orderIds.size).toBe(1);
    const [orderId] = orderIds;
    const { rows: [counts] } = await client.query(`
      SELECT (SELECT count(*)::int FROM recharge_orders WHERE client_request_id = $1) AS orders,
             (SELECT count(*)::int FROM ledger_entries WHERE ref_id = $2) AS entries,
             (SELECT balance_fen::int FROM accounts WHERE id = $3) AS balance,
             (SELECT sum(amount_fen)::int FROM ledger_entries WHERE account_id = $3) AS ledger`, [`two-processes-${process.pid}`, orderId, room.account_id]);
    expect(counts).toEqual({ orders: 1, entries: 1, balance: room.balance + 10000, ledger: room.balance + 10000 });
  }, 120_000);
});
