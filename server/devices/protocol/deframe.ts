/**
 * Stream deframer for DL/T 645 and CJ/T 188 over TCP: feed it chunks as they arrive, it yields the
 * complete frames (bytes from the first 68 to the 16, checksum verified). Leading FE, junk between
 * frames and frames split or joined across packets are tolerated; after garbage it resynchronises on
 * the next 68 that starts a valid frame. It never throws and keeps at most `maxBuffer` bytes.
 *
 * A candidate at a 68 is waited for only while it could still become a frame; if a complete valid
 * frame already sits later in the buffer, the bytes before it are dropped (so a stray 68 with a large
 * length byte cannot stall the stream).
 */
import { checksum } from './bytes';

export type Protocol = 'dlt645' | 'cjt188';
export interface RawFrame { protocol: Protocol; bytes: Uint8Array }

type Probe = { kind: 'frame'; frame: RawFrame; size: number } | { kind: 'wait' } | { kind: 'no' };

/** What the bytes at `i` are: a complete valid frame, a possible frame needing more bytes, or not a frame. */
function probe(buf: Uint8Array, i: number, n: number, protocols: readonly Protocol[]): Probe {
  let wait = false;
  for (const protocol of protocols) {
    if (protocol === 'dlt645') {
      // 68 A0..A5 68 C L DATA CS 16
      if (n - i > 7 && buf[i + 7] !== 0x68) continue;
      if (n - i < 10) { wait = true; continue; }
      const size = 12 + buf[i + 9];
      if (n - i < size) { wait = true; continue; }
      if (buf[i + size - 1] === 0x16 && checksum(buf, i, i + size - 2) === buf[i + size - 2]) {
        return { kind: 'frame', size, frame: { protocol, bytes: buf.slice(i, i + size) } };
      }
    } else {
      // 68 T A0..A6 C L DATA CS 16
      if (n - i < 11) { wait = true; continue; }
      const size = 13 + buf[i + 10];
      if (n - i < size) { wait = true; continue; }
      if (buf[i + size - 1] === 0x16 && checksum(buf, i, i + size - 2) === buf[i + size - 2]) {
        return { kind: 'frame', size, frame: { protocol, bytes: buf.slice(i, i + size) } };
      }
    }
  }
  return wait ? { kind: 'wait' } : { kind: 'no' };
}

export interface DeframerOptions {
  /** Which protocols to look for (a module speaks one; default both). */
  protocols?: readonly Protocol[];
  /** Bytes kept at most while waiting for the rest of a frame (default 2048). */
  maxBuffer?: number;
  /** Told about dropped bytes (logging only). */
  onDrop?: (bytes: Uint8Array, reason: string) => void;
}

export class Deframer {
  private buf = new Uint8Array(0);
  private readonly protocols: readonly Protocol[];
  private readonly maxBuffer: number;
  constructor(private readonly options: DeframerOptions = {}) {
    this.protocols = options.protocols ?? ['dlt645', 'cjt188'];
    this.maxBuffer = Math.max(300, options.maxBuffer ?? 2048);
  }

  /** Bytes held while waiting for the rest of a frame. */
  get pending() { return this.buf.length; }

  reset() { this.buf = new Uint8Array(0); }

  /** Adds a chunk and returns the frames completed by it (in order). */
  push(chunk: Uint8Array): RawFrame[] {
    const frames: RawFrame[] = [];
    try {
      const joined = new Uint8Array(this.buf.length + chunk.length);
      joined.set(this.buf, 0);
      joined.set(chunk, this.buf.length);
      let buf = joined;
      let i = 0;
      const n = buf.length;
      let dropFrom = 0;
      const drop = (to: number, reason: string) => {
        if (to > dropFrom) this.options.onDrop?.(buf.slice(dropFrom, to), reason);
        dropFrom = to;
      };
      while (i < n) {
        if (buf[i] !== 0x68) { i++; continue; }
        const p = probe(buf, i, n, this.protocols);
        if (p.kind === 'frame') {
          drop(i, 'junk');
          frames.push(p.frame);
          i += p.size;
          dropFrom = i;
          continue;
        }
        if (p.kind === 'wait') {
          // Is there a complete valid frame further on? Then this 68 was junk.
          let later = -1;
          for (let j = i + 1; j < n; j++) {
            if (buf[j] === 0x68 && probe(buf, j, n, this.protocols).kind === 'frame') { later = j; break; }
          }
          if (later >= 0) { i = later; continue; }
          drop(i, 'junk');
          break;
        }
        i++;
      }
      if (i >= n) drop(n, 'junk');
      buf = buf.slice(dropFrom);
      if (buf.length > this.maxBuffer) {
        // Keep the newest bytes from a 68 on, else nothing.
        const cut = buf.indexOf(0x68, buf.length - this.maxBuffer);
        this.options.onDrop?.(buf.slice(0, cut < 0 ? buf.length : cut), 'overflow');
        buf = cut < 0 ? new Uint8Array(0) : buf.slice(cut);
      }
      this.buf = buf;
    } catch {
      this.buf = new Uint8Array(0);
    }
    return frames;
  }
}
