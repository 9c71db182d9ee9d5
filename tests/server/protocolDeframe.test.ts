import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, hex } from '../../server/devices/protocol/bytes';
import * as cjt from '../../server/devices/protocol/cjt188';
import { Deframer, type RawFrame } from '../../server/devices/protocol/deframe';
import * as dlt from '../../server/devices/protocol/dlt645';

const d1 = dlt.buildFrame('218231000114', 0x91, [0, 0, 1, 0, 0x06, 0, 0, 0])!;
const d2 = dlt.buildFrame('000000000161', 0x11, [0, 0, 1, 0])!;
const c1 = cjt.readRequest(0x10, '00000000000012', 0)!;
const strip = (b: Uint8Array) => b.slice(b.indexOf(0x68));
const feed = (deframer: Deframer, chunks: Uint8Array[]) => chunks.flatMap((c) => deframer.push(c));
const hexes = (frames: RawFrame[]) => frames.map((f) => hex(f.bytes));

describe('stream deframer', () => {
  it('yields a frame split into single bytes, with leading FE', () => {
    const deframer = new Deframer();
    const frames = feed(deframer, Array.from(d1, (b) => Uint8Array.of(b)));
    expect(hexes(frames)).toEqual([hex(strip(d1))]);
    expect(frames[0].protocol).toBe('dlt645');
    expect(deframer.pending).toBe(0);
  });

  it('yields frames joined in one packet, in order, both protocols', () => {
    const joined = Uint8Array.from([...d1, ...c1, ...d2]);
    const frames = new Deframer().push(joined);
    expect(hexes(frames)).toEqual([hex(strip(d1)), hex(strip(c1)), hex(strip(d2))]);
    expect(frames.map((f) => f.protocol)).toEqual(['dlt645', 'cjt188', 'dlt645']);
  });

  it('skips junk between frames and resynchronises after garbage, reporting the dropped bytes', () => {
    const dropped: string[] = [];
    const deframer = new Deframer({ onDrop: (_b, why) => dropped.push(why) });
    const junk = fromHex('00 13 68 68 99 16 16 68');
    const frames = feed(deframer, [Uint8Array.from([...junk, ...d1.slice(0, 7)]), Uint8Array.from([...d1.slice(7), 0x42, 0x68, ...d2])]);
    expect(hexes(frames)).toEqual([hex(strip(d1)), hex(strip(d2))]);
    expect(dropped.length).toBeGreaterThan(0);
  });

  it('a stray 68 with a large length does not stall a complete frame behind it', () => {
    const stray = fromHex('68 11 22 33 44 55 66 68 11 F0');
    const frames = new Deframer().push(Uint8Array.from([...stray, ...d2]));
    expect(hexes(frames)).toEqual([hex(strip(d2))]);
  });

  it('a frame with a bad checksum or end byte is dropped, the next one still comes', () => {
    const bad = Uint8Array.from(strip(d1));
    bad[bad.length - 2] ^= 0xff;
    const badEnd = Uint8Array.from(strip(d2));
    badEnd[badEnd.length - 1] = 0x17;
    const frames = new Deframer({ protocols: ['dlt645'] }).push(Uint8Array.from([...bad, ...badEnd, ...d2]));
    expect(hexes(frames)).toEqual([hex(strip(d2))]);
  });

  it('keeps a bounded buffer under endless garbage', () => {
    const deframer = new Deframer({ maxBuffer: 512 });
    for (let i = 0; i < 200; i++) deframer.push(Uint8Array.from({ length: 97 }, (_, j) => (j % 5 === 0 ? 0x68 : (i * 31 + j * 7) & 0xff)));
    expect(deframer.pending).toBeLessThanOrEqual(512);
    expect(hexes(deframer.push(d2))).toEqual([hex(strip(d2))]);
  });

  it('property: any chunking of a stream of frames with junk between them yields exactly those frames', () => {
    const frame = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.uint8Array({ maxLength: 30 })).map(([a, data]) => dlt.buildFrame(String(a).padStart(12, '0'), 0x91, data)!),
      fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.uint8Array({ maxLength: 30 })).map(([a, data]) => cjt.buildFrame(0x10, String(a).padStart(14, '0'), 0x81, data)!),
    );
    // junk without 0x68 between frames (a junk 68 could legitimately start a frame)
    const junk = fc.uint8Array({ maxLength: 8 }).map((b) => b.map((x) => (x === 0x68 ? 0x00 : x)));
    fc.assert(fc.property(fc.array(fc.tuple(junk, frame), { minLength: 1, maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }), (parts, cuts) => {
      const stream = Uint8Array.from(parts.flatMap(([j, f]) => [...j, ...f]));
      const deframer = new Deframer();
      const out: RawFrame[] = [];
      let at = 0;
      let k = 0;
      while (at < stream.length) {
        const size = cuts[k++ % cuts.length];
        out.push(...deframer.push(stream.subarray(at, at + size)));
        at += size;
      }
      expect(hexes(out)).toEqual(parts.map(([, f]) => hex(strip(f))));
    }));
  });

  it('property: random bytes never throw and never make an invalid frame', () => {
    fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }), (chunks) => {
      const deframer = new Deframer({ maxBuffer: 400 });
      for (const chunk of chunks) {
        for (const frame of deframer.push(chunk)) {
          const ok = frame.protocol === 'dlt645' ? dlt.parseFrame(frame.bytes).ok : cjt.parseFrame(frame.bytes).ok;
          expect(ok).toBe(true);
        }
      }
      expect(deframer.pending).toBeLessThanOrEqual(400);
    }));
  });
});
