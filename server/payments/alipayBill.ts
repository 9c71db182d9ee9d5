import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { BillLine } from './provider';

/**
 * Alipay's trade bill (`alipay.data.dataservice.bill.downloadurl.query`, bill_type `trade`;
 * ../shared/PAYMENTS.md): a ZIP archive of GBK-encoded CSV files, of which `…业务明细.csv` lists the
 * day's trades and refunds. Read here into BillLines (parseAlipayBill), and written (alipayBillZip) for
 * the fake and the simulated provider. Node reads GBK (TextDecoder) but cannot write it, nor zip
 * archives: both are done by hand, for what a bill holds.
 */

/** The detail file's header, column for column. */
export const ALIPAY_BILL_HEADER = ['支付宝交易号', '商户订单号', '业务类型', '商品名称', '创建时间', '完成时间', '门店编号', '门店名称', '操作员', '终端号',
  '对方账户', '订单金额（元）', '商家实收（元）', '支付宝红包（元）', '集分宝（元）', '支付宝优惠（元）', '商家优惠（元）', '券核销金额（元）', '券名称',
  '商家红包消费金额（元）', '卡消费金额（元）', '退款批次号/请求号', '服务费（元）', '分润（元）', '备注'] as const;

// ---------------------------------------------------------------------------------------------- GBK

let gbkTable: Map<string, number> | undefined;

/** Text → GBK bytes, for the characters GBK's double-byte range holds (built once from the standard decoder); throws on any other. */
export function gbkEncode(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (char.length === 1 && char !== '\uFFFD' && !gbkTable.has(char)) gbkTable.set(char, (lead << 8) | trail);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = gbkTable.get(char);
      if (pair === undefined) throw new Error(`"${char}" cannot be written in GBK`);
      bytes.push(pair >> 8, pair & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

// ---------------------------------------------------------------------------------------------- ZIP

export interface ZipEntry { name: string; data: Uint8Array }

/** A ZIP archive's files, read from its central directory (stored and deflated entries; names in UTF-8 when flagged, else GBK as Alipay writes them). */
export function readZip(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a ZIP archive (no end of central directory)');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('ZIP central directory damaged');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'gbk').decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`ZIP entry ${name}: no local header`);
    // Sizes come from the central directory: a local header may leave them to a data descriptor.
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = zip.subarray(start, start + size);
    const data = method === 0 ? raw : method === 8 ? new Uint8Array(inflateRawSync(raw)) : undefined;
    if (!data) throw new Error(`ZIP entry ${name}: compression method ${method} not supported`);
    if (crc32(data) !== crc) throw new Error(`ZIP entry ${name}: CRC32 does not match`);
    entries.push({ name, data });
  }
  return entries;
}

/** A ZIP archive of deflated files, names in GBK (flag 11 unset) as Alipay's bills have them. */
export function writeZip(files: { name: string; data: Uint8Array }[], modified = new Date()): Uint8Array {
  const time = (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | (modified.getUTCSeconds() >> 1);
  const date = ((modified.getUTCFullYear() - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(gbkEncode(file.name));
    const packed = deflateRawSync(file.data);
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed: 2.0 (deflate)
    common.writeUInt16LE(0, 2);
    common.writeUInt16LE(8, 4);
    common.writeUInt16LE(time, 6);
    common.writeUInt16LE(date, 8);
    common.writeUInt32LE(crc32(file.data), 10);
    common.writeUInt32LE(packed.length, 14);
    common.writeUInt32LE(file.data.length, 18);
    common.writeUInt16LE(name.length, 22);
    common.writeUInt16LE(0, 24);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name, packed]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS
    common.copy(central, 6);
    central.writeUInt32LE(offset, 42); // comment length, disk, attributes: 0
    centrals.push(Buffer.concat([central, name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

// ---------------------------------------------------------------------------------------------- the bill

/** Signed yuan with at most two decimals → integer fen, exactly; undefined for anything else. */
function fen(yuan: string): number | undefined {
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return undefined;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}
const yuan = (amount: number) => `${amount < 0 ? '-' : ''}${Math.floor(Math.abs(amount) / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`;
/** `yyyy-MM-dd HH:mm:ss` in UTC+8 ⇄ Date. */
const beijing = (text: string) => (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? new Date(`${text.replace(' ', 'T')}+08:00`) : undefined);
const beijingText = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The day's payments (业务类型 交易) and refunds (退款) of an Alipay trade bill archive; throws, naming the line, on what is not the bill. */
export function parseAlipayBill(zipBytes: Uint8Array): BillLine[] {
  const detail = readZip(zipBytes).find((entry) => entry.name.endsWith('业务明细.csv'));
  if (!detail) throw new Error('Alipay bill: no 业务明细.csv in the archive');
  const rows = new TextDecoder('gbk').decode(detail.data).split(/\r?\n/);
  const headerAt = rows.findIndex((row) => row.trim() !== '' && !row.startsWith('#'));
  const header = (rows[headerAt] ?? '').split(',').map((field) => field.trim());
  if (header.join(',') !== ALIPAY_BILL_HEADER.join(',')) throw new Error('Alipay bill: no detail header');
  const column = (name: (typeof ALIPAY_BILL_HEADER)[number]) => ALIPAY_BILL_HEADER.indexOf(name);
  const lines: BillLine[] = [];
  for (let i = headerAt + 1; i < rows.length && !rows[i].startsWith('#'); i += 1) {
    if (rows[i].trim() === '') continue;
    const f = rows[i].split(',').map((field) => field.trim());
    if (f.length !== ALIPAY_BILL_HEADER.length) throw new Error(`Alipay bill line ${i + 1}: ${f.length} fields, not ${ALIPAY_BILL_HEADER.length}`);
    const amount = fen(f[column('订单金额（元）')]);
    const at = beijing(f[column('完成时间')]);
    if (amount === undefined || !at) throw new Error(`Alipay bill line ${i + 1}: amount "${f[column('订单金额（元）')]}" or time "${f[column('完成时间')]}" unreadable`);
    const base = { orderNo: f[column('商户订单号')], transactionId: f[column('支付宝交易号')], at };
    const type = f[column('业务类型')];
    if (type === '交易') lines.push({ kind: 'payment', ...base, amountFen: amount });
    else if (type === '退款') lines.push({ kind: 'refund', ...base, amountFen: Math.abs(amount), refundNo: f[column('退款批次号/请求号')] });
  }
  return lines;
}

/** A line the bill writer takes: the platform's line, and what the bill prints besides. */
export type AlipayBillLine = BillLine & { subject?: string; createdAt?: Date; buyer?: string };

/**
 * An Alipay trade bill archive for a day (YYYY-MM-DD), as Alipay lays it out: the detail file (comment
 * lines, the header, the lines with tab-padded fields, the totals) and its summary file, both GBK.
 */
export function alipayBillZip(date: string, lines: AlipayBillLine[], options: { account?: string } = {}): Uint8Array {
  const account = options.account ?? '2088000000000000';
  const [y, m, d] = date.split('-');
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10).split('-');
  const day = (parts: string[]) => `${parts[0]}年${parts[1]}月${parts[2]}日 00:00:00`;
  const exported = beijingText(new Date(Date.parse(`${date}T00:00:00+08:00`) + 32 * 3600_000));
  const payments = lines.filter((line) => line.kind === 'payment');
  const refunds = lines.filter((line) => line.kind === 'refund');
  const sum = (of: AlipayBillLine[]) => yuan(of.reduce((total, line) => total + line.amountFen, 0));
  const row = (line: AlipayBillLine) => {
    const signed = yuan(line.kind === 'refund' ? -line.amountFen : line.amountFen);
    return [`${line.transactionId}\t`, `${line.orderNo}\t`, line.kind === 'payment' ? '交易' : '退款', line.subject ?? '电费充值',
      beijingText(line.createdAt ?? line.at), beijingText(line.at), '', '', '', '', line.buyer ?? 'buy***@example.com',
      signed, signed, '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', line.refundNo ?? '', '0.00', '0.00', ''].join(',');
  };
  const detail = [
    '#支付宝业务明细查询', `#账号：[${account}]`, `#起始日期：[${day([y, m, d])}]   终止日期：[${day(next)}]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_BILL_HEADER.join(','), ...lines.map(row),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${payments.length}笔，商家实收共${sum(payments)}元，商家优惠共0.00元`,
    `#退款合计：${refunds.length}笔，商家实收退款共-${sum(refunds)}元，商家优惠退款共0.00元`,
    `#导出时间：[${exported}]`,
  ].join('\r\n');
  const summary = [
    '#支付宝业务汇总查询', `#账号：[${account}]`, `#起始日期：[${day([y, m, d])}]   终止日期：[${day(next)}]`,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）', `合计,,${payments.length},${refunds.length},${sum(payments)},${sum(payments)}`,
    `#导出时间：[${exported}]`,
  ].join('\r\n');
  const stem = `${account}_${y}${m}${d}`;
  return writeZip([
    { name: `${stem}_业务明细.csv`, data: gbkEncode(detail) },
    { name: `${stem}_业务明细(汇总).csv`, data: gbkEncode(summary) },
  ], new Date(Date.parse(exported.replace(' ', 'T') + 'Z')));
}
