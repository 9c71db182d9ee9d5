import { isConnectionError } from '../db/errors';

/**
 * A job the server runs on a timer beside the command worker (the auto-reader, the simulated
 * heartbeat): one run at start and one every `everyMs`; runs never overlap (a run due while the
 * previous one is still going is skipped), a failed run is logged — quietly when the database is
 * away — and the next one tries again; none after stop(), which waits for the one in progress.
 */
export abstract class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly what: string, private readonly logFailure?: (message: string, error?: unknown) => void) {}

  /** One run of the job. */
  protected abstract runOnce(): Promise<T>;

  /** Starts the timer and the first run; resolves with that run's result (undefined when it failed). */
  protected startEvery(everyMs: number): Promise<T | undefined> {
    this.stopped = false;
    this.timer = setInterval(() => void this.runNow(), everyMs);
    this.timer.unref();
    return this.runNow();
  }

  /** One run now, unless stopped or one is in progress; its result, or undefined when skipped or failed. */
  protected async runNow(): Promise<T | undefined> {
    if (this.stopped || this.running) return undefined;
    let result: T | undefined;
    this.running = (async () => {
      try {
        result = await this.runOnce();
      } catch (error) {
        if (!isConnectionError(error)) this.logFailure?.(`${this.what} failed`, error);
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    return result;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
