import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a run's test files (vite.config.ts, `sequence.sequencer`): the longest first, so that the
 * run does not end on one long file while the other workers wait.
 *
 * - The projects one after another (a worker is kept for the next file only when that file is of the
 *   same project), the server's first: its files are the longest (the whole estate's aggregates), the
 *   console's the shortest and the most, which fill the end of the run.
 * - Within a project, Vitest's own order: files that failed last time, then the longest by the durations
 *   Vitest kept from the last run.
 * - A file Vitest has no duration for (a clean clone, CI, a file just added) runs first, as in Vitest;
 *   among those, the files known to be long (LONG, measured: docs/performance.md) before the rest,
 *   instead of by their size (`aggregateReports.test.ts`, short and slow, ran last in a clean clone and
 *   ended the run 24 s after every other file).
 */
const PROJECTS = ['server', 'security', 'console', 'structure'];

/** The files of over about 15 s in a run, longest first (a clean clone's run, 2026-11-29). */
const LONG = [
  'tests/server/aggregates.test.ts',
  'tests/server/statements.test.ts',
  'tests/server/readingRecount.test.ts',
  'tests/server/aggregateReports.test.ts',
  'tests/security/api.test.ts',
  'tests/security/invalidInput.test.ts',
  'tests/console/shell.test.tsx',
  'tests/server/readingTotals.test.ts',
  'tests/server/monthChain.test.ts',
  'tests/server/dashboard.test.ts',
];

export default class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (file: TestSpecification) => relative(root, file.moduleId);
    const known = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`) !== undefined;
    const project = (file: TestSpecification) => {
      const index = PROJECTS.indexOf(file.project.name);
      return index === -1 ? PROJECTS.length : index;
    };
    const hint = (file: TestSpecification) => {
      if (known(file)) return LONG.length + 1;
      const index = LONG.indexOf(path(file));
      return index === -1 ? LONG.length : index;
    };
    const position = new Map(vitestOrder.map((file, index) => [file, index]));
    return [...vitestOrder].sort((a, b) => project(a) - project(b) || hint(a) - hint(b) || position.get(a)! - position.get(b)!);
  }
}
