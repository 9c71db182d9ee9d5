import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, hex } from '../../server/devices/protocol/bytes';
import * as cjt from '../../server/devices/protocol/cjt188';

const frameOf = (text: string) => {
  const r = cjt.parseFrame(fromHex(text));
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('CJ/T 188 codec against published frames', () => {
  it('builds the read request of aixiwang/python_cjt188 python_cjt188.py', () => {
    // aixiwang/python_cjt188 python_cjt188.py (step1, encode_cjt188):
    // '\x68\x10\x12\x00\x00\x00\x00\x00\x00\x01\x03\x90\x1f\x00\x3d\x16' = read 90 1F, SER 00, meter 00000000000012
    expect(hex(cjt.readRequest(0x10, '00000000000012', 0, '901F')!)).toBe('FE FE FE 68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3D 16');
    const f = frameOf('68 10 12 00 00 00 00 00 00 01 03 90 1f 00 3d 16');
    expect(f).toMatchObject({ meterType: 0x10, address: '00000000000012', control: 0x01 });
  });

  it('parses the read reply of aixiwang/python_cjt188 python_cjt188.py', () => {
    // same file (step2, decode_cjt188): reply 81, L 16, DI 90 1F, SER 00, flow 10 00 10 00 2C = 1000.10 m³,
    // settlement-day flow the same, time all zero, status 00 FF (valve open).
    const f = frameOf('fe fe fe 68 10 12 00 00 00 00 00 00 81 16 90 1f 00 10 00 10 00 2c 10 00 10 00 2c 00 00 00 00 00 00 00 00 ff 67 16');
    const r = cjt.readReply(f, 0);
    expect(r?.ok).toBe(true);
    if (r?.ok) expect(r.value).toMatchObject({ total: 1000.1, settlement: 1000.1, valveState: 'open', batteryLow: false, st0: 0, st1: 0xff });
    // a reply to another SER is not this read's reply
    expect(cjt.readReply(f, 1)).toBeUndefined();
  });

  it('parses the 1F 90 order (same file reads with 1F 90) and the universal AA read quoted in many firmware sources', () => {
    // python_cjt188.py cjt188_read_data sends DI '\x1f\x90'; a Java CJT188ProtocolFrame test of the public
    // code index decodes "68 10 01 00 00 05 08 00 00 01 03 1F 90 00 39 16".
    expect(hex(cjt.readRequest(0x10, '00000805000001', 0, '1F90')!)).toBe('FE FE FE 68 10 01 00 00 05 08 00 00 01 03 1F 90 00 39 16');
    // "FE FE FE 68 10 AA AA AA AA AA AA AA 01 03 90 1F 01 D2 16 ------万能读表指令" (Lua DTU scripts of the code index)
    expect(hex(cjt.readRequest(0x10, cjt.CJT188_WILDCARD, 1)!)).toBe('FE FE FE 68 10 AA AA AA AA AA AA AA 01 03 90 1F 01 D2 16');
    // and its reply from the same Java test: 123.00 m³
    const f = frameOf('FE FE FE 68 10 01 00 00 05 08 00 00 81 16 90 1F 00 00 23 01 00 2C 00 00 00 00 2C 00 00 00 00 00 00 00 00 00 48 16');
    const r = cjt.readReply(f, 0);
    expect(r?.ok && r.value.total).toBe(123);
  });

  it('builds the standard valve frames of a published meter service (04, A0 17, 55 / 99)', () => {
    // Java water-meter service of the public code index, getCmdContent comments:
    // 强制开阀 "FEFEFE6810011312190000000404A0170155CC16", 强制关阀 "FEFEFE6810011312190000000404A01701991016"
    expect(hex(cjt.valveRequest(0x10, '00000019121301', 1, true)!)).toBe(hex(fromHex('FEFEFE6810011312190000000404A0170155CC16')));
    expect(hex(cjt.valveRequest(0x10, '00000019121301', 1, false)!)).toBe(hex(fromHex('FEFEFE6810011312190000000404A01701991016')));
    const vendor = cjt.parseFrame(cjt.valveRequest(0x11, '00000019121301', 7, false, { code: '2A', order: '1F90' })!);
    expect(vendor.ok && vendor.value).toMatchObject({ meterType: 0x11, control: 0x2a });
    expect(vendor.ok && hex(vendor.value.data)).toBe('17 A0 07 99');
  });
});

describe('CJ/T 188 replies', () => {
  const addr = '12345678901234';
  it('valve replies 84 and AA in either DI order, with SER checked', () => {
    const r84 = frameOf(hex(cjt.buildFrame(0x10, addr, 0x84, [0xa0, 0x17, 5, 0x01, 0x00])!));
    expect(cjt.valveReply(r84, 5)).toEqual({ ok: true, value: { st0: 1, st1: 0 } });
    expect(cjt.valveReply(r84, 6)).toBeUndefined();
    const rAA = frameOf(hex(cjt.buildFrame(0x10, addr, 0xaa, [0x17, 0xa0, 9])!));
    expect(cjt.valveReply(rAA, 9)).toEqual({ ok: true, value: {} });
  });
  it('error replies (C1 / C4) carry SER + status and name the status bits', () => {
    const c1 = frameOf(hex(cjt.buildFrame(0x10, addr, 0xc1, [3, 0x07, 0x00])!));
    const r = cjt.readReply(c1, 3);
    expect(r).toMatchObject({ ok: false, st0: 7 });
    expect(r && !r.ok && r.detail).toContain('valve abnormal, battery low');
    const c4 = frameOf(hex(cjt.buildFrame(0x10, addr, 0xc4, [0xa0, 0x17, 3, 0x03])!));
    expect(cjt.valveReply(c4, 3)).toMatchObject({ ok: false, st0: 3 });
  });
  it('status bits: valve 00 open, 01 closed, 11 abnormal; D2 battery low; units 2C and 29', () => {
    expect([0, 1, 2, 3].map(cjt.valveOf)).toEqual(['open', 'closed', 'abnormal', 'abnormal']);
    expect(cjt.decodeFlow([0x34, 0x12, 0, 0, 0x2c])).toBe(12.34);
    expect(cjt.decodeFlow([0x00, 0x50, 0x12, 0, 0x29])).toBe(1.25);
    expect(cjt.decodeFlow([0x34, 0x12, 0, 0, 0x2b])).toBeUndefined();
  });
  it('a built read reply parses back with the clock', () => {
    const clock = new Date(Date.UTC(2026, 10, 22, 10, 0, 0));
    const req = frameOf(hex(cjt.readRequest(0x11, addr, 200)!));
    const reply = frameOf(hex(cjt.buildReadReply(req, { total: 42.42, clock, valveState: 'closed', batteryLow: true }, 480)!));
    const r = cjt.readReply(reply, 200, 480);
    expect(r?.ok && r.value).toMatchObject({ total: 42.42, valveState: 'closed', batteryLow: true });
    expect(r?.ok && r.value.clock?.toISOString()).toBe(clock.toISOString());
  });
});

describe('CJ/T 188 malformed frames', () => {
  const good = '68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3D 16';
  it.each([
    ['bad checksum', '68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3E 16', 'bad_checksum'],
    ['wrong end byte', '68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3D 15', 'bad_end'],
    ['truncated', '68 10 12 00 00 00 00 00 00 01 03 90', 'truncated'],
    ['wrong length', `${good} 16`, 'wrong_length'],
    ['junk before', `33 ${good}`, 'bad_start'],
  ])('%s', (_n, text, reason) => expect(cjt.parseFrame(fromHex(text))).toEqual({ ok: false, reason }));
  it('a read reply of the wrong size is an error, not a crash', () => {
    const f = frameOf(hex(cjt.buildFrame(0x10, '00000000000012', 0x81, [0x90, 0x1f, 0, 1, 2])!));
    expect(cjt.readReply(f, 0)).toMatchObject({ ok: false });
  });
});

describe('CJ/T 188 properties', () => {
  const address = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }).map((d) => d.join(''));
  it('build → parse round-trips', () => {
    fc.assert(fc.property(fc.integer({ min: 0x10, max: 0x19 }), address, fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 80 }), (t, a, c, data) => {
      const r = cjt.parseFrame(cjt.buildFrame(t, a, c, data)!);
      expect(r.ok && r.value.address).toBe(a);
      expect(r.ok && Array.from(r.value.data)).toEqual(Array.from(data));
    }));
  });
  it('flow values round-trip', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
      expect(cjt.decodeFlow(cjt.encodeFlow(cents / 100))).toBe(cents / 100);
    }));
  });
  it('random and mutated frames never throw and never pass a changed byte', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 255 }), (bytes, ser) => {
      const r = cjt.parseFrame(bytes);
      if (r.ok) { cjt.readReply(r.value, ser); cjt.valveReply(r.value, ser); }
    }));
    const base = cjt.readRequest(0x10, '00000000000012', 0)!;
    fc.assert(fc.property(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 255 }), (at, value) => {
      const m = Uint8Array.from(base);
      m[at] = value;
      if (value !== base[at]) expect(cjt.parseFrame(m).ok).toBe(false);
    }));
  });
});
