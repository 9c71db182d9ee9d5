import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { COMMAND_DEADLINE_MS, COMMANDS_CHANNEL, CommandWorker, nextCommandMoment, runDueCommands } from '../../server/domain/commands';
import { setModuleOnline } from '../../server/domain/moduleOnline';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import type { DeviceDriver, DeviceOutcome, DeviceTarget } from '../../server/devices/driver';

/**
 * Issue 30: offline meters are queued until their module returns, or expire with a clear reason.
 * A command through a module that is offline (not a TCP gateway) is held — no attempt, no retry
 * spent — and goes when the module is back online (which wakes the workers); still offline at its
 * deadline, it expires as `module_offline`. Parameter sets and presets wait PARAMETER_HOLD_HOURS
 * (default 24 h), other commands 10 minutes. A meter's set changes only when its command succeeds.
 * The test clock; the driver records its calls.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
const HOUR = 3_600_000;

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
}, 120_000);
afterAll(() => backend.close());
afterEach(() => {
  delete process.env.PARAMETER_HOLD_HOURS;
});

const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;
const at = (ms: number) => new Date(backend.clock.now.getTime() + ms);

/** The simulator of a fresh estate, every call recorded (the meter addresses it was asked for). */
function recorded(): { driver: DeviceDriver; calls: string[] } {
  const simulator = createSimulator({ estate: new LivingEstate(), failureRate: 0 });
  const calls: string[] = [];
  return {
    calls,
    driver: {
      execute(target: DeviceTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome> {
        calls.push(target.address);
        return simulator.execute(target, type, payload);
      },
    },
  };
}

const used = new Set<number>();
/**
 * A module of area 1 (simulated, in service) whose meters are all online, taken offline; two of its
 * meters and a control set neither of them holds. Each call takes another module.
 */
async function offlineModuleWithMeters() {
  const [module] = await query<{ id: number }>(`SELECT mo.id FROM modules mo WHERE mo.area_id = 1 AND mo.kind = 'simulator' AND mo.online AND NOT mo.sim_out_of_service
    AND mo.id NOT IN (${[0, ...used].join(',')})
    AND (SELECT count(*) FROM electric_meters e WHERE e.module_id = mo.id AND e.online) >= 2 ORDER BY mo.id LIMIT 1`);
  used.add(module.id);
  const meters = await query<{ id: number; address: string; control_set_id: number | null }>(`SELECT id, address, control_set_id FROM electric_meters WHERE module_id = ${module.id} AND online ORDER BY id LIMIT 2`);
  await query(`UPDATE electric_meters SET control_set_id = NULL WHERE id IN (${meters.map((m) => m.id).join(',')})`);
  const [set] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'control' ORDER BY id LIMIT 1`);
  expect(await setModuleOnline(backend.database.db, { id: module.id }, false, backend.clock.now)).toBe(true);
  return { moduleId: module.id, meters, setId: set.id };
}

const assignControl = async (meterIds: number[], setId: number) => {
  const answer = await api.post('command/create', { deviceKind: 'electric', deviceIds: meterIds, type: 'set_parameter', payload: { setKind: 'control', setId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.ids as number[];
};
const commandRows = (ids: number[]) => query<{ id: number; state: string; attempts: number; result_code: string | null; deadline: Date | string }>(
  `SELECT id, state, attempts, result_code, deadline FROM commands WHERE id IN (${ids.join(',')}) ORDER BY id`);
const controlSets = async (meterIds: number[]) =>
  (await query<{ control_set_id: number | null }>(`SELECT control_set_id FROM electric_meters WHERE id IN (${meterIds.join(',')}) ORDER BY id`)).map((row) => row.control_set_id);

describe('commands through an offline module', () => {
  it('are held: no attempt, nothing spent; the progress call says they wait for their module; the queue\'s next moment is their deadline', async () => {
    const { meters, setId } = await offlineModuleWithMeters();
    const ids = await assignControl(meters.map((m) => m.id), setId);
    const probe = recorded();
    await runDueCommands(backend.database.db, probe.driver, backend.clock.now);
    await runDueCommands(backend.database.db, probe.driver, at(HOUR));
    expect(probe.calls.filter((address) => meters.some((m) => m.address === address))).toEqual([]);
    expect((await commandRows(ids)).map((row) => [row.state, row.attempts, row.result_code])).toEqual([['queued', 0, null], ['queued', 0, null]]);
    const progress = await api.get('command/findByIds', { ids: ids.join(',') });
    expect((progress.body.data as { held: boolean; state: string }[]).map((row) => [row.state, row.held])).toEqual([['queued', true], ['queued', true]]);
    const history = await api.get('parameterAssignment/findByMeter', { meterId: meters[0].id });
    expect((history.body.data.records as { id: number; held: boolean }[]).find((row) => row.id === ids[0])).toMatchObject({ held: true });
    // Held commands do not make the worker look again at once: the next moment is no earlier than a deadline of the queue.
    const next = await nextCommandMoment(backend.database.db);
    const [{ earliest }] = await query<{ earliest: Date | string }>(`SELECT min(deadline) AS earliest FROM commands WHERE state = 'queued'`);
    expect(next?.getTime()).toBe(new Date(earliest).getTime());
    expect(await controlSets(meters.map((m) => m.id))).toEqual([null, null]);
  });

  it('go when the module comes back online: sent, succeeded, the set assigned', async () => {
    const { moduleId, meters, setId } = await offlineModuleWithMeters();
    const ids = await assignControl(meters.map((m) => m.id), setId);
    const probe = recorded();
    await runDueCommands(backend.database.db, probe.driver, at(5 * 60_000));
    expect((await commandRows(ids)).every((row) => row.state === 'queued')).toBe(true);
    expect(await setModuleOnline(backend.database.db, { id: moduleId }, true, at(6 * 60_000))).toBe(true);
    await runDueCommands(backend.database.db, probe.driver, at(6 * 60_000));
    expect((await commandRows(ids)).map((row) => [row.state, row.attempts, row.result_code])).toEqual([['succeeded', 1, 'ok'], ['succeeded', 1, 'ok']]);
    expect(probe.calls.filter((address) => meters.some((m) => m.address === address)).sort()).toEqual(meters.map((m) => m.address).sort());
    expect(await controlSets(meters.map((m) => m.id))).toEqual([setId, setId]);
  });

  it('a module coming back wakes a sleeping worker at once (the notification), not at its next safety-net look', async () => {
    const { moduleId, meters, setId } = await offlineModuleWithMeters();
    const probe = recorded();
    const worker = new CommandWorker(backend.database.db, probe.driver, () => backend.clock.now, () => undefined);
    // A safety net far longer than the test: only the notification can wake it.
    await worker.start({ listen: backend.database.listen.bind(backend.database), safetyNetMs: 600_000, publishEveryMs: 0 });
    try {
      const ids = await assignControl(meters.map((m) => m.id), setId);
      await worker.settled();
      expect((await commandRows(ids)).every((row) => row.state === 'queued' && row.attempts === 0)).toBe(true);
      const woken: string[] = [];
      const stop = await backend.database.listen(COMMANDS_CHANNEL, () => woken.push('commands'));
      try {
        await setModuleOnline(backend.database.db, { id: moduleId }, true, backend.clock.now);
        await vi.waitFor(async () => expect((await commandRows(ids)).map((row) => row.state)).toEqual(['succeeded', 'succeeded']), { timeout: 20_000, interval: 50 });
      } finally {
        await stop();
      }
      expect(woken.length).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
    expect(await controlSets(meters.map((m) => m.id))).toEqual([setId, setId]);
  });

  it('still offline at the deadline: expired as module_offline, the set unchanged; a parameter set waits 24 h, a read 10 minutes', async () => {
    const { meters, setId } = await offlineModuleWithMeters();
    const ids = await assignControl([meters[0].id], setId);
    const read = await api.post('command/create', { deviceKind: 'electric', deviceIds: [meters[1].id], type: 'read' });
    const readIds = read.body.data.ids as number[];
    const [set] = await commandRows(ids);
    expect(new Date(set.deadline).getTime()).toBe(at(24 * HOUR).getTime());
    const [readRow] = await commandRows(readIds);
    expect(new Date(readRow.deadline).getTime()).toBe(at(COMMAND_DEADLINE_MS).getTime());
    const probe = recorded();
    await runDueCommands(backend.database.db, probe.driver, at(COMMAND_DEADLINE_MS + 1));
    expect((await commandRows(readIds))[0]).toMatchObject({ state: 'expired', attempts: 0, result_code: 'module_offline' });
    expect((await commandRows(ids))[0]).toMatchObject({ state: 'queued', attempts: 0 });
    await runDueCommands(backend.database.db, probe.driver, at(24 * HOUR + 1));
    expect((await commandRows(ids))[0]).toMatchObject({ state: 'expired', attempts: 0, result_code: 'module_offline' });
    expect(probe.calls.filter((address) => meters.some((m) => m.address === address))).toEqual([]);
    expect(await controlSets([meters[0].id])).toEqual([null]);
    const history = await api.get('parameterAssignment/findByMeter', { meterId: meters[0].id });
    expect((history.body.data.records as { id: number; state: string; resultCode: string; held: boolean }[]).find((row) => row.id === ids[0]))
      .toMatchObject({ state: 'expired', resultCode: 'module_offline', held: false });
    // Sent again (retry), it waits anew.
    const retried = await api.post('command/retry', { ids });
    expect(retried.status).toBe(200);
    expect((await commandRows(retried.body.data.ids))[0]).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('PARAMETER_HOLD_HOURS sets the hold of a parameter set (read when queued)', async () => {
    const { meters, setId } = await offlineModuleWithMeters();
    process.env.PARAMETER_HOLD_HOURS = '2';
    const [id] = await assignControl([meters[0].id], setId);
    expect(new Date((await commandRows([id]))[0].deadline).getTime()).toBe(at(2 * HOUR).getTime());
    await runDueCommands(backend.database.db, recorded().driver, at(2 * HOUR + 1));
    expect((await commandRows([id]))[0]).toMatchObject({ state: 'expired', result_code: 'module_offline' });
  });

  it('a late command of an online module still expires as deadline', async () => {
    const [meter] = await query<{ id: number }>(`SELECT e.id FROM electric_meters e JOIN modules mo ON mo.id = e.module_id WHERE e.area_id = 1 AND mo.online AND mo.id NOT IN (${[...used].join(',')}) ORDER BY e.id LIMIT 1`);
    const answer = await api.post('command/create', { deviceKind: 'electric', deviceIds: [meter.id], type: 'read' });
    await runDueCommands(backend.database.db, recorded().driver, at(COMMAND_DEADLINE_MS + 1));
    expect((await commandRows(answer.body.data.ids))[0]).toMatchObject({ state: 'expired', result_code: 'deadline' });
  });
});
