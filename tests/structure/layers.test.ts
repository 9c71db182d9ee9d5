import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, importEdges, type Edge } from './importGraph';
import { LAYER_RULES, violations } from './layers';

/**
 * The layering test: reads the import graph of the whole project (TypeScript's own resolver) and
 * fails on an arrow that points the wrong way (DESIGN.md, "Wiring rules"; the rules: layers.ts).
 */
const FOLDERS = ['common', 'i18n', 'src', 'server', 'tests', 'scripts', 'bench'];
const edges = importEdges(FOLDERS);
const repoEdges = edges.filter((edge) => !edge.external);

const describeEdge = ({ rule, edge }: ReturnType<typeof violations>[number]) =>
  `${edge.from} → ${edge.to} (${rule.name}: ${rule.why})`;

describe('the import graph', () => {
  it('is read whole: every relative import resolves to a file of the repository', () => {
    expect(repoEdges.length).toBeGreaterThan(900);
    const unresolved = repoEdges.filter((edge) => !existsSync(join(ROOT, edge.to))).map((edge) => `${edge.from}: ${edge.specifier}`);
    expect(unresolved).toEqual([]);
  });

  it('sees arrows the way they point (a known import of each side)', () => {
    expect(repoEdges).toContainEqual(expect.objectContaining({ from: 'server/app.ts', to: 'server/http/errors.ts' }));
    expect(repoEdges).toContainEqual(expect.objectContaining({ from: 'src/routes.ts', to: 'common/routeCatalog.ts' }));
    expect(edges).toContainEqual(expect.objectContaining({ from: 'server/app.ts', to: '@hono/zod-openapi', external: true }));
  });
});

describe('the wiring rules', () => {
  for (const rule of LAYER_RULES) {
    it(rule.name, () => {
      expect(violations(edges, [rule]).map(describeEdge)).toEqual([]);
    });
  }

  it('hold through chains too: no domain, database or driver file reaches HTTP through a helper beside them', () => {
    const next = new Map<string, string[]>();
    for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    const http = /^server\/(http|routes)\/|^server\/app\.ts$|^hono$|^@hono\//;
    const chains: string[] = [];
    for (const start of next.keys()) {
      if (!/^server\/(domain|db|devices)\//.test(start)) continue;
      const via = new Map<string, string>([[start, '']]);
      const queue = [start];
      while (queue.length) {
        const file = queue.shift()!;
        for (const to of next.get(file) ?? []) {
          if (via.has(to)) continue;
          via.set(to, file);
          if (http.test(to)) {
            const chain = [to];
            for (let at = file; at; at = via.get(at)!) chain.unshift(at);
            chains.push(chain.join(' → '));
          } else queue.push(to);
        }
      }
    }
    expect(chains).toEqual([]);
  });

  it('catch each arrow that was once in the code, and leave the allowed ones', () => {
    // The faults found before the rules were written (issue "Structure for the second half").
    const once: Edge[] = [
      { from: 'server/domain/estate.ts', to: 'server/http/errors.ts', specifier: '../http/errors' },
      { from: 'server/domain/commandTypes.ts', to: 'server/http/router.ts', specifier: '../http/router' },
      { from: 'server/db/bootstrap.ts', to: 'server/http/listKit.ts', specifier: '../http/listKit' },
      { from: 'server/routes/tenant.ts', to: 'src/components/tenants/identity.ts', specifier: '../../src/components/tenants/identity' },
      { from: 'server/db/seed/system.ts', to: 'src/routeCatalog.ts', specifier: '../../../src/routeCatalog' },
      { from: 'src/data/index.ts', to: 'src/resources/lookups.ts', specifier: '../resources/lookups' },
      { from: 'src/data/index.ts', to: 'src/routes.ts', specifier: '../routes' },
      { from: 'src/auth/LoginPage.tsx', to: 'src/layout/useDocumentTitle.ts', specifier: '../layout/useDocumentTitle' },
      { from: 'src/auth/firstScreen.ts', to: 'src/layout/Layout.tsx', specifier: '../layout/Layout' },
      { from: 'src/layout/TabBar.tsx', to: 'src/routes.ts', specifier: '../routes' },
      { from: 'src/components/RecordPages.tsx', to: 'src/layout/tabs.ts', specifier: '../layout/tabs' },
      { from: 'server/devices/simulator.ts', to: 'server/domain/commands.ts', specifier: '../domain/commands' },
      { from: 'common/money.ts', to: 'react', specifier: 'react', external: true },
      { from: 'server/domain/recharge.ts', to: 'hono', specifier: 'hono', external: true },
    ];
    expect(once.filter((edge) => violations([edge]).length === 0)).toEqual([]);
    const allowed: Edge[] = [
      { from: 'server/routes/tenant.ts', to: 'common/identity.ts', specifier: '../../common/identity' },
      { from: 'src/resources/archives/userdangan/TenantForm.tsx', to: 'common/identity.ts', specifier: '../../../../common/identity' },
      { from: 'server/http/errors.ts', to: 'server/domain/results.ts', specifier: '../domain/results' },
      { from: 'server/domain/recharge.ts', to: 'server/db/rows.ts', specifier: '../db/rows' },
      { from: 'src/App.tsx', to: 'src/routes.ts', specifier: './routes' },
      { from: 'src/layout/TabBar.tsx', to: 'common/routeCatalog.ts', specifier: '../../common/routeCatalog' },
    ];
    expect(violations(allowed)).toEqual([]);
  });
});
