import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Meter lists sorted by room or by building go project → building → room, each in natural order:
 * every building's 101 side by side (the old sort by room code alone) is what operators found.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

interface Placed { projectName: string | null; buildingName: string | null; roomCode: string | null }

/** Reference: natural comparison written here (digit runs as numbers), not the database's key. */
function natural(a: string, b: string): number {
  const parts = (text: string) => text.match(/\d+|\D+/g) ?? [];
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    const numeric = /^\d/.test(p) && /^\d/.test(q);
    const order = numeric ? Number(p) - Number(q) : p < q ? -1 : p > q ? 1 : 0;
    if (order) return order;
  }
  return x.length - y.length;
}
const place = (a: Placed, b: Placed) =>
  natural(a.projectName ?? '', b.projectName ?? '') || natural(a.buildingName ?? '', b.buildingName ?? '') || natural(a.roomCode ?? '', b.roomCode ?? '');

async function pages(path: string, sortField: string, sortOrder: 'asc' | 'desc') {
  const rows: Placed[] = [];
  for (let pageNum = 1; pageNum <= 3; pageNum++) {
    const { status, body } = await api.get(path, { pageNum, pageSize: 100, sortField, sortOrder });
    expect(status, JSON.stringify(body)).toBe(200);
    rows.push(...(body.data as { records: Placed[] }).records);
  }
  return rows.filter((row) => row.roomCode !== null);
}

describe('meter lists in place order', () => {
  for (const path of ['electricMeter/findByCondition', 'webWaterArchive/findByCondition']) {
    for (const sortField of ['roomCode', 'buildingName']) {
      it(`${path} by ${sortField}: project, then building, then room, in natural order both ways`, async () => {
        const ascending = await pages(path, sortField, 'asc');
        expect(ascending.length).toBeGreaterThan(100);
        for (let i = 1; i < ascending.length; i++) expect(place(ascending[i - 1], ascending[i]), JSON.stringify([ascending[i - 1], ascending[i]])).toBeLessThanOrEqual(0);
        const descending = await pages(path, sortField, 'desc');
        for (let i = 1; i < descending.length; i++) expect(place(descending[i - 1], descending[i])).toBeGreaterThanOrEqual(0);
      });
    }
  }
});
