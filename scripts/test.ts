/**
 * `npm test`: the type check and the test suites side by side, not one after the other. The suites
 * begin with their global setup seeding the test database (one core, tens of seconds when the seed
 * is not cached, as in CI), which leaves the other core to the type check. The type check's output
 * is printed after the suites' (incremental: node_modules/.cache/tsc). Exits non-zero when either fails. Arguments go to Vitest
 * (`npm test -- tests/server/rooms.test.ts`).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

function run(command: string, args: string[], capture: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => { output += chunk; });
    child.stderr?.on('data', (chunk) => { output += chunk; });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// Incremental: the type check keeps what it learnt in node_modules/.cache (not in git), so a run
// after a small change re-checks only what the change reaches; a clean clone checks everything.
const typeCheck = run(bin('tsc'), ['--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', join('node_modules', '.cache', 'tsc', 'tsbuildinfo')], true);
const suites = await run(bin('vitest'), ['run', ...process.argv.slice(2)], false);
const types = await typeCheck;
process.stdout.write(types.output);
console.log(types.code ? '\nnpm test: the type check (tsc --noEmit) failed' : '\nnpm test: the type check (tsc --noEmit) passed');
process.exit(suites.code || types.code);
