/**
 * The tenant's monthly statement PDF (issue 42) and the writer under it (server/pdf/): the files are
 * read back here as a viewer would, from the trailer through the cross-reference table to the pages
 * and their (inflated) content streams, so that a wrong byte offset, a lost line at a page break or
 * a wrongly encoded character fails a test.
 */
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { formatQuantity, formatYuan, statementPdf, type StatementPdfInput } from '../../server/pdf/statementPdf';
import { A4, PdfDocument, textWidth, toUcs2Hex, truncateText, wrapText } from '../../server/pdf/pdfWriter';

/** The UCS-2 hex a text must appear as, computed here independently of the writer. */
const hex = (text: string) => `<${[...text].map((char) => char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join('')}>`;

/** A PDF read back: its objects by number (found through the xref table) and its pages' content. */
interface ReadPdf {
  text: string;
  offsets: Map<number, number>;
  size: number;
  trailer: string;
  dict(n: number): string;
  stream(n: number): Buffer;
  pages: { dict: string; content: string }[];
}

const refOf = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

function read(bytes: Uint8Array): ReadPdf {
  const text = Buffer.from(bytes).toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(text)?.[1]);
  expect(text.startsWith('xref\n', startxref)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const size = Number(count);
  const table = startxref + `xref\n0 ${size}\n`.length;
  const offsets = new Map<number, number>();
  for (let n = 0; n < size; n++) {
    const entry = text.slice(table + 20 * n, table + 20 * (n + 1));
    expect(entry).toMatch(/^\d{10} \d{5} [nf](\r\n| \n| \r)$/);
    if (entry[17] === 'n') offsets.set(n, Number(entry.slice(0, 10)));
    else expect(n).toBe(0);
  }
  const trailer = text.slice(text.indexOf('trailer', table + 20 * size), text.lastIndexOf('startxref'));
  const at = (n: number) => {
    const offset = offsets.get(n);
    if (offset === undefined) throw new Error(`object ${n} is not in the xref table`);
    return offset + `${n} 0 obj\n`.length;
  };
  const dict = (n: number) => {
    const start = at(n);
    const end = Math.min(...['\nendobj', '\nstream\n'].map((mark) => text.indexOf(mark, start)).filter((i) => i >= 0));
    return text.slice(start, end);
  };
  const stream = (n: number) => {
    const header = dict(n);
    const length = Number(/\/Length (\d+)/.exec(header)?.[1]);
    const start = at(n) + header.length + '\nstream\n'.length;
    expect(text.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
    const data = Buffer.from(bytes.subarray(start, start + length));
    return header.includes('/FlateDecode') ? inflateSync(data) : data;
  };
  const pagesDict = dict(refOf(dict(refOf(trailer, 'Root')), 'Pages'));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesDict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  expect(Number(/\/Count (\d+)/.exec(pagesDict)?.[1])).toBe(kids.length);
  const pages = kids.map((kid) => ({ dict: dict(kid), content: stream(refOf(dict(kid), 'Contents')).toString('latin1') }));
  return { text, offsets, size, trailer, dict, stream, pages };
}

const labels: StatementPdfInput['labels'] = {
  title: '月度账单', issuer: '出具方', room: '房间', tenant: '租户', period: '账期', running: '截至目前（本月尚未结束）',
  utility: { electric: '电费', water: '水费' }, opening: '期初余额', recharge: '充值', void: '作废', charge: '扣费', refund: '退费', gift: '赠送', adjust: '调整', closing: '期末余额', usage: '用量',
  lines: '收支明细', at: '时间', kind: '类型', amount: '金额', balanceAfter: '余额',
  kinds: { recharge: '充值', void: '作废', refund: '退费', gift: '赠送', charge: '扣费', adjust: '调整' },
  channel: { cash: '现金', wechat: '微信', alipay: '支付宝', card: '银行卡' },
  generatedAt: '生成时间', page: '第 %{n} 页，共 %{total} 页', noLines: '本月没有收支记录', yuan: '元',
};

/** A line per minute of the month's first days, each with its own time (to find it in the output). */
const lines = (count: number): StatementPdfInput['lines'] => Array.from({ length: count }, (_, i) => ({
  at: `2026-11-${String(1 + Math.floor(i / 60)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}`,
  utility: i % 3 === 0 ? 'water' : 'electric',
  kind: i % 2 === 0 ? 'charge' : 'recharge',
  amountFen: i % 2 === 0 ? -(100 + i) : 5000,
  balanceAfterFen: 20000 - i,
  channel: i % 2 === 0 ? null : 'wechat',
}));

const input = (overrides: Partial<StatementPdfInput> = {}): StatementPdfInput => ({
  labels,
  issuer: { company: '深圳市华源物业管理有限公司', address: '深圳市南山区朗山路 18 号', phone: '0755-8888 6666' },
  platformName: 'Prepaid Cloud',
  month: '2026-11',
  running: true,
  periodText: '2026-11-01 – 2026-11-29',
  room: '3号楼 101',
  project: '臺灣大廈',
  tenantName: '山田 ひらがな カタカナ John',
  utilities: [
    { utility: 'electric', unit: 'kWh', openingFen: 0, rechargeFen: 200000, voidFen: 5000, chargeFen: 156789, refundFen: 0, giftFen: 1000, adjustFen: -250, closingFen: 123456789, usage: 1234.5 },
    { utility: 'water', unit: 'm³', openingFen: -800, rechargeFen: 5000, voidFen: 0, chargeFen: 3456, refundFen: 100, giftFen: 0, adjustFen: 0, closingFen: 844, usage: 7.25 },
  ],
  lines: lines(12),
  generatedAt: '2026-11-29 14:03',
  createdAt: new Date('2026-11-29T06:03:00Z'),
  ...overrides,
});

const allContent = (pdf: ReadPdf) => pdf.pages.map((page) => page.content).join('\n');
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the statement PDF file', () => {
  const bytes = statementPdf(input());
  const pdf = read(bytes);

  it('has a PDF 1.7 header with a binary comment and ends with %%EOF', () => {
    expect(pdf.text.startsWith('%PDF-1.7\n%')).toBe(true);
    const comment = bytes.subarray('%PDF-1.7\n%'.length, '%PDF-1.7\n%'.length + 4);
    expect([...comment].every((byte) => byte >= 128)).toBe(true);
    expect(pdf.text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('has an xref table whose every offset points at the start of its object, and a trailer that names them', () => {
    expect(pdf.offsets.size).toBe(pdf.size - 1);
    for (const [n, offset] of pdf.offsets) expect(pdf.text.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
    expect(pdf.trailer).toContain(`/Size ${pdf.size}`);
    expect(pdf.dict(refOf(pdf.trailer, 'Root'))).toContain('/Type /Catalog');
  });

  it('carries the title, the producer and the creation date the caller gave', () => {
    const info = pdf.dict(refOf(pdf.trailer, 'Info'));
    const utf16 = (text: string) => `<FEFF${hex(text).slice(1, -1)}>`;
    expect(info).toContain(`/Title ${utf16('月度账单 2026-11 3号楼 101')}`);
    expect(info).toContain(`/Producer ${utf16('Prepaid Cloud')}`);
    expect(info).toContain('/CreationDate (D:20261129060300Z)');
  });

  it('declares STSong-Light through UniGB-UCS2-H with the widths it measures text by', () => {
    const font = pdf.dict(refOf(pdf.pages[0].dict, 'F1'));
    expect(font).toMatch(/\/Subtype \/Type0 \/BaseFont \/STSong-Light \/Encoding \/UniGB-UCS2-H/);
    const cidFont = pdf.dict(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(font)?.[1]));
    expect(cidFont).toContain('/Subtype /CIDFontType0');
    expect(cidFont).toContain('/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >>');
    expect(cidFont).toContain('/DW 1000');
    const descriptor = pdf.dict(refOf(cidFont, 'FontDescriptor'));
    expect(descriptor).toContain('/Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93');
    // CIDs 1–95 are U+0020–U+007E: the declared width of each is what textWidth counts.
    const widths = /\/W \[1 \[([\d ]+)\]\]/.exec(cidFont)?.[1].split(' ').map(Number) ?? [];
    expect(widths).toHaveLength(95);
    widths.forEach((width, i) => expect(textWidth(String.fromCharCode(0x20 + i), 1000)).toBeCloseTo(width, 6));
    expect(textWidth('中文', 10)).toBe(20);
  });

  it('gives the same bytes for the same input, and other bytes for another', () => {
    expect(Buffer.from(statementPdf(input())).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(statementPdf(input({ generatedAt: '2026-11-29 14:04' }))).equals(Buffer.from(bytes))).toBe(false);
  });
});

describe('the statement text', () => {
  const content = allContent(read(statementPdf(input())));

  it('writes simplified and traditional Chinese, Japanese kana and kanji and Latin as UCS-2 hex', () => {
    expect(content).toContain(hex('深圳市华源物业管理有限公司'));
    expect(content).toContain(hex('臺灣大廈 3号楼 101'));
    expect(content).toContain(hex('山田 ひらがな カタカナ John'));
    expect(content).toContain(hex('月度账单'));
    expect(hex('中文')).toBe('<4E2D6587>');
  });

  it('shows the issuer, the rows of the room and the running note', () => {
    // The address and the phone may share a line: look for them inside a string.
    for (const text of ['深圳市南山区朗山路 18 号', '0755-8888 6666']) expect(content).toContain(hex(text).slice(1, -1));
    for (const text of ['2026-11', '房间', '租户', '账期', '截至目前（本月尚未结束）']) expect(content).toContain(hex(text));
    expect(allContent(read(statementPdf(input({ running: false }))))).not.toContain(hex(labels.running));
  });

  it('falls back on the platform name without a company and leaves out a missing tenant', () => {
    const other = allContent(read(statementPdf(input({ issuer: { company: null, address: null, phone: null }, tenantName: null }))));
    expect(other).toContain(hex('Prepaid Cloud'));
    expect(other).not.toContain(hex('深圳市华源物业管理有限公司'));
    expect(other).not.toContain(hex('租户'));
  });

  it('writes money as yuan with 2 decimals, thousands separators and the sign of its effect', () => {
    expect(content).toContain(hex('1,234,567.89'));
    expect(content).toContain(hex('-1,567.89'));
    expect(content).toContain(hex('+2,000.00'));
    expect(content).toContain(hex('-8.00'));
    expect(content).toContain(hex('1,234.50 kWh'));
    const withLine = allContent(read(statementPdf(input({ lines: [{ at: '2026-11-02 08:00', utility: 'electric', kind: 'adjust', amountFen: -123456, balanceAfterFen: 0, channel: null }] }))));
    expect(withLine).toContain(hex('-1,234.56'));
  });

  it('names the channel of a recharge', () => {
    expect(content).toContain(hex('充值（微信）'));
    expect(content).toContain(hex('扣费'));
  });

  it('raises the 3 of m³ instead of losing it', () => {
    expect(content).toContain(hex('7.25 m'));
    expect(content).toMatch(/Ts <0033> Tj/);
  });

  it('writes a character outside the BMP as ?', () => {
    const other = allContent(read(statementPdf(input({ tenantName: '𠮷野家' }))));
    expect(other).toContain('<003F91CE5BB6>');
    expect(toUcs2Hex('a\u0007𝄞b')).toBe('<0061003F003F0062>');
  });

  it('fills the footer templates', () => {
    const other = allContent(read(statementPdf(input({ labels: { ...labels, generatedAt: '作成日時 %{at}', page: '%{n} / %{total} ページ' } }))));
    expect(other).toContain(hex('作成日時 2026-11-29 14:03'));
    expect(other).toContain(hex('1 / 1 ページ'));
  });

  it('says when a month has no lines', () => {
    const empty = read(statementPdf(input({ lines: [] })));
    expect(empty.pages).toHaveLength(1);
    expect(allContent(empty)).toContain(hex(labels.noLines));
    expect(content).not.toContain(hex(labels.noLines));
  });
});

describe('a long month', () => {
  const many = lines(300);
  const pdf = read(statementPdf(input({ lines: many })));

  it('flows over several A4 pages, each a page object of the page tree', () => {
    expect(pdf.pages.length).toBeGreaterThanOrEqual(6);
    for (const page of pdf.pages) {
      expect(page.dict).toContain('/Type /Page');
      expect(page.dict).toContain(`/MediaBox [0 0 ${A4.width} ${A4.height}]`);
    }
  });

  it('repeats the table header and the footer on every page', () => {
    const total = pdf.pages.length;
    pdf.pages.forEach((page, i) => {
      expect(page.content).toContain(hex('余额（元）'));
      expect(page.content).toContain(hex('时间'));
      expect(page.content).toContain(hex(`第 ${i + 1} 页，共 ${total} 页`));
      expect(page.content).toContain(hex('生成时间 2026-11-29 14:03'));
    });
  });

  it('prints every line exactly once, in order', () => {
    const content = allContent(pdf);
    const positions = many.map((line) => {
      expect(occurrences(content, hex(line.at))).toBe(1);
      return content.indexOf(hex(line.at));
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('keeps everything inside the page', () => {
    for (const page of pdf.pages) {
      for (const [, x, y] of page.content.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(40);
        expect(Number(x)).toBeLessThan(A4.width - 40);
        expect(Number(y)).toBeGreaterThan(30);
        expect(Number(y)).toBeLessThan(A4.height - 40);
      }
    }
  });
});

describe('money and quantities', () => {
  it('formats fen as yuan', () => {
    expect(formatYuan(-123456)).toBe('-1,234.56');
    expect(formatYuan(123450)).toBe('1,234.50');
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(0, true)).toBe('0.00');
    expect(formatYuan(-5)).toBe('-0.05');
    expect(formatYuan(100000000)).toBe('1,000,000.00');
    expect(formatYuan(99)).toBe('0.99');
    expect(formatYuan(5000, true)).toBe('+50.00');
  });

  it('formats quantities with 2 decimals', () => {
    expect(formatQuantity(1234.5)).toBe('1,234.50');
    expect(formatQuantity(0)).toBe('0.00');
    expect(formatQuantity(-0.001)).toBe('0.00');
    expect(formatQuantity(-12.345)).toBe('-12.35');
  });
});

describe('the writer', () => {
  const draw = (paint: (page: ReturnType<PdfDocument['addPage']>) => void) => {
    const doc = new PdfDocument({ title: 'T', producer: 'P' });
    paint(doc.addPage());
    return read(doc.toBytes());
  };

  it('places from the top-left corner and right-aligns by the measured width', () => {
    const { content } = draw((page) => page.text(500, 100, '1,234.56', { size: 10, align: 'right' })).pages[0];
    const x = Number(/1 0 0 1 ([\d.]+) ([\d.]+) Tm/.exec(content)?.[1]);
    const y = Number(/1 0 0 1 ([\d.]+) ([\d.]+) Tm/.exec(content)?.[2]);
    expect(x + textWidth('1,234.56', 10)).toBeCloseTo(500, 1);
    expect(y).toBeCloseTo(A4.height - 100, 1);
  });

  it('draws lines and filled rectangles in PDF space, and bold as fill and stroke', () => {
    const { content } = draw((page) => {
      page.line(40, 50, 100, 50, { width: 1, gray: 0.5 });
      page.fillRect(40, 60, 100, 20, 0.9);
      page.text(40, 100, 'B', { size: 12, bold: true });
    }).pages[0];
    expect(content).toContain('40 791.89 m 100 791.89 l S');
    expect(content).toContain('0.9 g 40 761.89 100 20 re f');
    expect(content).toContain('2 Tr');
  });

  it('replaces the middle dot the encoding lacks with the one it has', () => {
    expect(toUcs2Hex('约翰·史密斯')).toBe(hex('约翰・史密斯'));
  });

  it('wraps Latin at spaces and CJK anywhere, and cuts with an ellipsis', () => {
    expect(wrapText('aaa bbb ccc', 10, textWidth('aaa bbb', 10))).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('一二三四五', 10, 30)).toEqual(['一二三', '四五']);
    expect(truncateText('一二三四五', 10, 30)).toBe('一二…');
    expect(truncateText('一二', 10, 30)).toBe('一二');
  });

  it('refuses a document without pages', () => {
    expect(() => new PdfDocument({ title: 'T', producer: 'P' }).toBytes()).toThrow();
  });
});
