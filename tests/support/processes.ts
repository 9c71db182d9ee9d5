import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 at the time of asking. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Stops a process started with `detached: true` and its children (`npm start`, `npx tsx …`):
 * SIGTERM to the group, then SIGKILL once `graceMs` have passed without its exit. Resolves when it
 * has exited: true when it had to be killed.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), graceMs); }),
  ]);
  clearTimeout(timer);
  if (late) {
    signal('SIGKILL');
    await exited;
  }
  return late;
}
