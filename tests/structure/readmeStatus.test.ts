import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './importGraph';
import { ROUTES, routeName } from '../../common/routeCatalog';

/**
 * The README's "Status of the 61 screens" is kept true: every route of the catalog has one row, and
 * a row says "built" exactly when the route table (src/routes.ts, BUILT) gives the route a screen.
 */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const routesText = readFileSync(join(ROOT, 'src/routes.ts'), 'utf8');

/** The names in the BUILT map: `name,` or `name: definition,`. */
function builtNames(): Set<string> {
  const body = /const BUILT[^{]*\{([\s\S]*?)\n\};/.exec(routesText)?.[1] ?? '';
  return new Set(body.split(',').map((entry) => entry.split(':')[0].trim()).filter(Boolean));
}

/** The README's status rows: route name → status. */
function readmeStatus(): Map<string, string> {
  const section = readme.slice(readme.indexOf('## Status of the 61 screens'));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const route = /^`\/?([^`]+)`$/.exec(cells[2] ?? '')?.[1];
    if (route) rows.set(route, cells[4]);
  }
  return rows;
}

describe('README status of the screens', () => {
  it('lists every route once, built exactly when the route table has its screen', () => {
    const built = builtNames();
    expect(built.size).toBeGreaterThanOrEqual(15);
    const status = readmeStatus();
    const names = ROUTES.map((route) => routeName(route.path));
    expect([...status.keys()].sort()).toEqual([...names].sort());
    const wrong = names.filter((name) => (status.get(name) === 'built') !== built.has(name)).map((name) => `${name}: README says ${status.get(name)}`);
    expect(wrong).toEqual([]);
  });
});
