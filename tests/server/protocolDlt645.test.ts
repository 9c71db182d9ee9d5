import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, hex } from '../../server/devices/protocol/bytes';
import * as dlt from '../../server/devices/protocol/dlt645';

const parse = (text: string) => dlt.parseFrame(fromHex(text));
const frameOf = (text: string) => {
  const r = parse(text);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('DL/T 645-2007 codec against published frames', () => {
  it('builds the read request of zcx1218029121/go645 protocol_test.go (TestRead / TestLEnd)', () => {
    // zcx1218029121/go645 protocol_test.go and cqqqq/go645 protocol_test.go:
    // "68610100000000681104333334331416" = read 00 01 00 00 (forward active total) of meter 000000000161.
    const built = dlt.readRequest('000000000161', dlt.DI.forwardTotal)!;
    expect(hex(built)).toBe('FE FE FE FE 68 61 01 00 00 00 00 68 11 04 33 33 34 33 14 16');
    expect(hex(dlt.buildFrame('000000000161', 0x11, [0x00, 0x00, 0x01, 0x00], { preamble: false })!)).toBe('68 61 01 00 00 00 00 68 11 04 33 33 34 33 14 16');
    const parsed = frameOf('68610100000000681104333334331416');
    expect(parsed).toMatchObject({ address: '000000000161', control: 0x11 });
    expect(dlt.diOf(parsed.data)).toBe(0x00010000);
  });

  it('parses the read reply of zcx1218029121/go645 protocol_test.go (TestDecode)', () => {
    // zcx1218029121/go645 protocol_test.go TestDecode: "681401003182216891083333343339333333f116",
    // address field 14 01 00 31 82 21 (meter 218231000114), control 91, DI 00 01 00 00, value 0.06 kWh.
    const f = frameOf('681401003182216891083333343339333333f116');
    expect(f.address).toBe('218231000114');
    expect(f.control).toBe(0x91);
    const reply = dlt.readReply(f, dlt.DI.forwardTotal);
    expect(reply?.ok).toBe(true);
    if (reply?.ok) expect(dlt.decodeEnergy(reply.value)).toBe(0.06);
    // and back: the same bytes from our builder
    expect(hex(dlt.buildFrame('218231000114', 0x91, [0, 0, 1, 0, ...dlt.encodeEnergy(0.06)], { preamble: false })!)).toBe(hex(fromHex('681401003182216891083333343339333333f116')));
  });

  it('parses the read reply quoted in cn.edu.xust DLT645FrameUtils.java (public code index)', () => {
    // Java class cn.edu.xust.communication.util.DLT645FrameUtils (huangxin, 2020), comment:
    // "68 37 03 00 92 81 39 68 91 08 33 33 34 33 37 33 33 33 8C 16" → meter 398192000337, 0.04 kWh.
    const f = frameOf('68 37 03 00 92 81 39 68 91 08 33 33 34 33 37 33 33 33 8C 16');
    expect(f.address).toBe('398192000337');
    const reply = dlt.readReply(f, dlt.DI.forwardTotal);
    expect(reply?.ok && dlt.decodeEnergy(reply.value)).toBe(0.04);
  });

  it('builds the address read on AA×6 and parses its 93 reply (go645 test comments, widely published)', () => {
    // "FE FE FE FE 68 AA AA AA AA AA AA 68 13 00 DF 16" / reply "68 01 00 00 00 00 00 68 93 06 34 33 33 33 33 33 9D 16"
    // quoted in a go645 fork's dlt test (TestDlt comment) and many serial tools of the public code index.
    expect(hex(dlt.readAddressRequest()!)).toBe('FE FE FE FE 68 AA AA AA AA AA AA 68 13 00 DF 16');
    const reply = frameOf('68 01 00 00 00 00 00 68 93 06 34 33 33 33 33 33 9D 16');
    expect(dlt.addressReply(reply)).toBe('000000000001');
  });

  it('builds relay control 1C byte for byte like a published trip frame', () => {
    // Firmware source in the public code index (STM32 "usart.h / nb" meter gateway), the trip frame
    // "68 98 99 21 00 00 00 68 1C 10 35 33 33 33 63 63 63 63 4D 33 33 33 33 33 33 33 5A 16":
    // password 02 000000, operator code 30303030, N1 1A (trip), N2 00, validity all zero.
    const f = frameOf('68 98 99 21 00 00 00 68 1C 10 35 33 33 33 63 63 63 63 4D 33 33 33 33 33 33 33 5A 16');
    expect(f.address).toBe('000000219998');
    const r = dlt.parseRelayData(f.data, 480);
    expect(r.ok && r.value).toMatchObject({ password: '02000000', operatorCode: '30303030', n1: 0x1a, command: 'trip' });
    const built = dlt.buildFrame('000000219998', 0x1c, [0x02, 0, 0, 0, 0x30, 0x30, 0x30, 0x30, 0x1a, 0, 0, 0, 0, 0, 0, 0], { preamble: false })!;
    expect(hex(built)).toBe('68 98 99 21 00 00 00 68 1C 10 35 33 33 33 63 63 63 63 4D 33 33 33 33 33 33 33 5A 16');
    // the same frame with N1 1B (close allowed) ends 4E … 5B 16 in that source
    expect(hex(dlt.buildFrame('000000219998', 0x1c, [0x02, 0, 0, 0, 0x30, 0x30, 0x30, 0x30, 0x1b, 0, 0, 0, 0, 0, 0, 0], { preamble: false })!).endsWith('4E 33 33 33 33 33 33 33 5B 16')).toBe(true);
  });
});

describe('DL/T 645-2007 data identifiers and write layout against a published command table', () => {
  // A public SQL seed `dynamic_meter_commands` of the code index (hex templates per command):
  // read_voltage_a "68 A0..A5 68 11 04 33 34 34 35", read_current_a "… 11 04 33 34 35 35",
  // read_relay_status_alt (DI 04000503) "… 11 04 36 38 33 37", write_date "… 14 10 34 34 33 37
  // {PASSWORD_OPERATOR} WW DD MM YY", write_time "… 14 0F 35 34 33 37 {PASSWORD_OPERATOR} SS MM HH".
  const tail = (frame: Uint8Array | undefined) => hex(frame!).split(' ').slice(4 + 9);
  it('reads of voltage, current and status word 3 carry those DI bytes', () => {
    expect(tail(dlt.readRequest('000000000001', dlt.DI.voltage)).slice(0, 5).join(' ')).toBe('04 33 34 34 35');
    expect(tail(dlt.readRequest('000000000001', dlt.DI.current)).slice(0, 5).join(' ')).toBe('04 33 34 35 35');
    expect(tail(dlt.readRequest('000000000001', dlt.DI.statusWord3)).slice(0, 5).join(' ')).toBe('04 36 38 33 37');
  });
  it('the clock writes have the template\'s length, DI and field order', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 18, 0, 9));
    const [date, time] = dlt.clockWriteRequests('000000000001', at, { utcOffsetMinutes: 480, password: '02000000', operatorCode: '00000000' });
    expect(hex(date!).split(' ').slice(12, 18).join(' ')).toBe('14 10 34 34 33 37');
    expect(hex(time!).split(' ').slice(12, 18).join(' ')).toBe('14 0F 35 34 33 37');
    // after DI (4) + password (4) + operator (4): WW DD MM YY = 01 23 11 26 (+33) and SS MM HH = 09 00 02 (+33)
    expect(hex(date!).split(' ').slice(26, 30).join(' ')).toBe('34 56 44 59');
    expect(hex(time!).split(' ').slice(26, 29).join(' ')).toBe('3C 33 35');
  });
});

describe('DL/T 645-2007 requests of the driver', () => {
  it('relayRequest carries password, operator code, N1, N2 and the validity time', () => {
    const until = new Date(Date.UTC(2026, 10, 22, 10, 30, 15));
    const frame = dlt.relayRequest('000000219998', 'trip', { password: '02123456', operatorCode: '12345678', validUntil: until, utcOffsetMinutes: 480 })!;
    const f = dlt.parseFrame(frame);
    expect(f.ok).toBe(true);
    if (!f.ok) return;
    expect(hex(f.value.data)).toBe('02 56 34 12 78 56 34 12 1A 00 15 30 18 22 11 26');
    const back = dlt.parseRelayData(f.value.data, 480);
    expect(back.ok && back.value.validUntil?.toISOString()).toBe(until.toISOString());
    expect(back.ok && back.value.password).toBe('02123456');
    for (const [command, n1] of Object.entries(dlt.RELAY_N1)) {
      const g = dlt.parseFrame(dlt.relayRequest('000000000001', command as dlt.RelayCommand, { validUntil: until })!);
      expect(g.ok && g.value.data[8]).toBe(n1);
    }
    expect(dlt.relayRequest('000000000001', 'trip', { password: 'xyz', validUntil: until })).toBeUndefined();
  });

  it('broadcast time sync goes to 99×6 with ss mm hh DD MM YY', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const f = dlt.parseFrame(dlt.broadcastTimeRequest(at, 0)!);
    expect(f.ok && f.value).toMatchObject({ address: '999999999999', control: 0x08 });
    expect(f.ok && hex(f.value.data)).toBe('05 04 03 02 01 26');
  });

  it('per-meter clock is the 14 write pair 04000101 (WW DD MM YY) + 04000102 (ss mm hh)', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 18, 0, 9)); // a Sunday, 02:00:09 next day at UTC+8
    const [date, time] = dlt.clockWriteRequests('000000000001', at, { utcOffsetMinutes: 480 });
    const d = dlt.parseFrame(date!);
    const t = dlt.parseFrame(time!);
    expect(d.ok && hex(d.value.data)).toBe('01 01 00 04 02 00 00 00 00 00 00 00 01 23 11 26');
    expect(t.ok && hex(t.value.data)).toBe('02 01 00 04 02 00 00 00 00 00 00 00 09 00 02');
  });

  it('value formats: energy, block, voltage, current and power with sign bit', () => {
    expect(dlt.decodeEnergy([0x56, 0x34, 0x12, 0x00])).toBe(1234.56);
    expect(dlt.decodeBlock(Uint8Array.from(dlt.encodeBlock([100.5, 1, 2, 3, 94.5])))).toEqual([100.5, 1, 2, 3, 94.5]);
    expect(dlt.decodeVoltage([0x05, 0x22])).toBe(220.5);
    expect(dlt.decodeCurrent([0x50, 0x12, 0x00])).toBe(1.25);
    expect(dlt.decodeCurrent([0x50, 0x12, 0x80])).toBe(-1.25);
    expect(dlt.decodePower(dlt.encodePower(-2.5))).toBe(-2.5);
    expect(dlt.decodePower([0x00, 0x50, 0x02])).toBe(2.5);
    expect(dlt.decodeEnergy([0x5a, 0, 0, 0])).toBeUndefined();
  });

  it('relay state from run status word 3 (bit4 relay open, bit6 commanded open)', () => {
    expect(dlt.relayStateOf([0x00, 0x00])).toBe('on');
    expect(dlt.relayStateOf([0x50, 0x00])).toBe('off');
    expect(dlt.relayStateOf([0x10, 0x00])).toBe('close_pending');
    for (const s of ['on', 'off', 'close_pending'] as const) expect(dlt.relayStateOf(dlt.encodeStatusWord3(s))).toBe(s);
    expect(dlt.relayStateOf([0x10])).toBeUndefined();
  });

  it('error replies name their bits', () => {
    const f = frameOf(hex(dlt.buildFrame('000000000001', 0xd1, [0x02])!));
    const r = dlt.readReply(f, dlt.DI.forwardBlock);
    expect(r).toMatchObject({ ok: false, errorByte: 2 });
    expect(r && !r.ok && r.detail).toContain('no_data_requested');
    expect(dlt.describeError(0x04)).toContain('password_error_or_unauthorised');
    const dc = frameOf(hex(dlt.buildFrame('000000000001', 0xdc, [0x05])!));
    const a = dlt.ackReply(dc, dlt.C.relay);
    expect(a && !a.ok && a.detail).toBe('error 0x05 (other_error, password_error_or_unauthorised)');
    // B1 (more follows) is taken as a normal read reply
    const b1 = frameOf(hex(dlt.buildFrame('000000000001', 0xb1, [0, 0, 1, 0, 0x56, 0x34, 0x12, 0])!));
    expect(dlt.readReply(b1, dlt.DI.forwardTotal)?.ok).toBe(true);
    // another DI's reply is not this read's reply
    expect(dlt.readReply(b1, dlt.DI.voltage)).toBeUndefined();
  });
});

describe('DL/T 645-2007 malformed frames are rejected with a reason', () => {
  const good = '68 61 01 00 00 00 00 68 11 04 33 33 34 33 14 16';
  it.each([
    ['bad checksum', '68 61 01 00 00 00 00 68 11 04 33 33 34 33 15 16', 'bad_checksum'],
    ['wrong end byte', '68 61 01 00 00 00 00 68 11 04 33 33 34 33 14 17', 'bad_end'],
    ['truncated', '68 61 01 00 00 00 00 68 11 04 33 33 34', 'truncated'],
    ['length too long for the bytes', '68 61 01 00 00 00 00 68 11 06 33 33 34 33 14 16', 'truncated'],
    ['bytes after the frame', `${good} 00`, 'wrong_length'],
    ['no second 68', '68 61 01 00 00 00 00 69 11 04 33 33 34 33 14 16', 'bad_start'],
    ['junk before the frame', `00 ${good}`, 'bad_start'],
    ['empty', '', 'truncated'],
  ])('%s', (_name, text, reason) => {
    expect(parse(text)).toEqual({ ok: false, reason });
  });
  it('leading FE are tolerated', () => {
    expect(parse(`FE FE ${good}`).ok).toBe(true);
  });
});

describe('DL/T 645-2007 properties', () => {
  const address = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }).map((d) => d.join(''));
  it('build → parse round-trips any address, control and data', () => {
    fc.assert(fc.property(address, fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 60 }), fc.boolean(), (a, c, data, preamble) => {
      const parsed = dlt.parseFrame(dlt.buildFrame(a, c, data, { preamble })!);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        expect(parsed.value.address).toBe(a);
        expect(parsed.value.control).toBe(c);
        expect(Array.from(parsed.value.data)).toEqual(Array.from(data));
      }
    }));
  });
  it('values round-trip in range', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
      expect(dlt.decodeEnergy(dlt.encodeEnergy(cents / 100))).toBe(cents / 100);
    }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), (v) => { expect(dlt.decodeVoltage(dlt.encodeVoltage(v / 10))).toBe(v / 10); }));
    fc.assert(fc.property(fc.integer({ min: -799_999, max: 799_999 }), (v) => {
      expect(dlt.decodeCurrent(dlt.encodeCurrent(v / 1000))).toBe(v / 1000 || 0);
      expect(dlt.decodePower(dlt.encodePower(v / 10000))).toBe(v / 10000 || 0);
    }));
  });
  it('random bytes and mutated frames never throw', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const r = dlt.parseFrame(bytes);
      expect(typeof r.ok).toBe('boolean');
    }));
    const base = dlt.readRequest('000000000161', dlt.DI.forwardTotal)!;
    fc.assert(fc.property(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: base.length }), (at, value, cut) => {
      const mutated = Uint8Array.from(base);
      mutated[at] = value;
      const r1 = dlt.parseFrame(mutated);
      const r2 = dlt.parseFrame(mutated.subarray(0, cut));
      // any single changed byte is caught (checksum, length, delimiters or the preamble)
      if (value !== base[at]) expect(r1.ok).toBe(false);
      expect(typeof r2.ok).toBe('boolean');
      if (r1.ok) expect(() => dlt.readReply(r1.value, dlt.DI.forwardTotal)).not.toThrow();
    }));
  });
});
