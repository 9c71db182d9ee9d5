/**
 * A module channel: one RS-485 bus behind a TCP link. One outstanding frame at a time; requests
 * queue in order; each waits for its reply up to its timeout; a reply is recognised by a matcher
 * (address, control, DI and for CJ/T 188 the SER); stray or late frames are dropped (logged only).
 * Never throws: every request settles as a reply or `no_reply`.
 */
import type { RawFrame } from '../protocol/deframe';

export type Exchange<T> = { ok: true; value: T } | { ok: false; code: 'no_reply'; detail: string };

/** Turns an incoming frame into the awaited reply, or undefined when it is not that reply. */
export type Matcher<T> = (frame: RawFrame) => T | undefined;

export interface ChannelLink {
  /** Writes bytes; resolves false (with a reason) when they cannot be sent now. */
  write(bytes: Uint8Array): Promise<true | string>;
}

export type Log = (message: string) => void;

interface Pending { matcher: Matcher<unknown>; resolve: (value: unknown) => void; fail: (detail: string) => void }

export class ModuleChannel {
  private tail: Promise<unknown> = Promise.resolve();
  private pending: Pending | undefined;
  private queued = 0;

  constructor(private readonly link: ChannelLink, private readonly log: Log = () => {}) {}

  /** Requests waiting or running. */
  get depth() { return this.queued; }

  /** Offer an incoming frame: it settles the outstanding request when it matches, else it is dropped. */
  deliver(frame: RawFrame) {
    const pending = this.pending;
    if (pending) {
      let value: unknown;
      try { value = pending.matcher(frame); } catch { value = undefined; }
      if (value !== undefined) {
        this.pending = undefined;
        pending.resolve(value);
        return;
      }
    }
    this.log(`dropped a stray ${frame.protocol} frame (${frame.bytes.length} bytes)`);
  }

  /**
   * Sends one frame and waits for the matching reply (or, with `matcher` undefined, only sends it:
   * broadcast time sync has no reply). Runs after the requests queued before it.
   */
  request<T>(bytes: Uint8Array, matcher: Matcher<T> | undefined, timeoutMs: number): Promise<Exchange<T>> {
    this.queued++;
    const run = async (): Promise<Exchange<T>> => {
      try {
        const written = await this.link.write(bytes);
        if (written !== true) return { ok: false, code: 'no_reply', detail: written };
        if (!matcher) return { ok: true, value: undefined as T };
        return await new Promise<Exchange<T>>((resolve) => {
          const timer = setTimeout(() => {
            if (this.pending === entry) this.pending = undefined;
            resolve({ ok: false, code: 'no_reply', detail: `no reply within ${timeoutMs} ms` });
          }, timeoutMs);
          const entry: Pending = {
            matcher: matcher as Matcher<unknown>,
            resolve: (value) => { clearTimeout(timer); resolve({ ok: true, value: value as T }); },
            fail: (detail) => { clearTimeout(timer); resolve({ ok: false, code: 'no_reply', detail }); },
          };
          this.pending = entry;
        });
      } catch (error) {
        return { ok: false, code: 'no_reply', detail: `send failed: ${(error as Error)?.message ?? error}` };
      } finally {
        this.queued--;
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result;
    return result;
  }

  /** Fails the outstanding request at once (the link went down). */
  abort(detail: string) {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) pending.fail(detail);
  }
}
