/**
 * The tenant's monthly statement of one room as a PDF (issue 42), downloaded from the tenant's page.
 * The caller gives everything already translated and formatted (labels, period, times); this file
 * only lays it out on A4 pages with our own writer (pdfWriter.ts):
 *
 * - page 1: the issuer (company or platform name, address, phone), the title and month, the room,
 *   tenant and period, the "to date" note while the month runs, one summary table per utility;
 * - then the month's lines, flowing over as many pages as they need, their table header repeated on
 *   each page and a small running head naming the statement on the pages after the first;
 * - on every page a footer: when it was generated and "Page n of total".
 *
 * The summary shows each figure with the sign of its effect on the balance (void and charge as
 * minus), so that the column adds up to the closing balance: closing = opening + recharge − void −
 * charge + refund + gift + adjust.
 */
import { A4, PdfDocument, type PdfPage, textWidth, truncateText, wrapText } from './pdfWriter';

type Kind = 'recharge' | 'void' | 'refund' | 'gift' | 'charge' | 'adjust';
type Utility = 'electric' | 'water';

export interface StatementPdfInput {
  labels: {
    title: string; issuer: string; room: string; tenant: string; period: string;
    /** The note shown while the month is not over, e.g. "To date (the month is not over)". */
    running: string;
    utility: Record<Utility, string>;
    opening: string; recharge: string; void: string; charge: string; refund: string; gift: string; adjust: string; closing: string; usage: string;
    lines: string; at: string; kind: string; amount: string; balanceAfter: string;
    kinds: Record<Kind, string>;
    channel: Record<'cash' | 'wechat' | 'alipay' | 'card', string>;
    /** "Generated at" (the time is appended), or a template with `%{at}`. */
    generatedAt: string;
    /** "Page %{n} of %{total}". */
    page: string;
    noLines: string;
    /** The money unit's caption, e.g. "元" or "yuan". */
    yuan: string;
  };
  issuer: { company: string | null; address: string | null; phone: string | null };
  /** The heading used when issuer.company is null; also the document's producer. */
  platformName: string;
  /** 'YYYY-MM'. */
  month: string;
  running: boolean;
  /** Already formatted, e.g. '2026-11-01 – 2026-11-29'. */
  periodText: string;
  room: string;
  project: string | null;
  tenantName: string | null;
  utilities: { utility: Utility; unit: string; openingFen: number; rechargeFen: number; voidFen: number; chargeFen: number; refundFen: number; giftFen: number; adjustFen: number; closingFen: number; usage: number }[];
  lines: { at: string; utility: Utility; kind: Kind; amountFen: number; balanceAfterFen: number; channel: string | null }[];
  /** Already formatted. */
  generatedAt: string;
  /**
   * The document's creation date (PDF metadata). Optional and never read from the clock here, so
   * that the same input gives the same bytes.
   */
  createdAt?: Date;
}

/** Digits grouped by thousands: 1234567 → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Fen as yuan with 2 decimals and thousands separators: -123456 → "-1,234.56"; `plus` signs credits. */
export function formatYuan(fen: number, plus = false): string {
  const abs = Math.abs(Math.round(fen));
  const text = `${grouped(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
  return abs === 0 ? text : fen < 0 ? `-${text}` : plus ? `+${text}` : text;
}

/** A quantity (kWh, m³) with 2 decimals and thousands separators. */
export function formatQuantity(value: number): string {
  const [whole, decimals] = Math.abs(value).toFixed(2).split('.');
  const text = `${grouped(whole)}.${decimals}`;
  return value < 0 && text !== '0.00' ? `-${text}` : text;
}

/** "Label (note)", with full-width brackets when the note is written in CJK: "金额（元）", "充值（微信）". */
function bracketed(label: string, note: string): string {
  return /^[\x20-\x7e]*$/.test(note) ? `${label} (${note})` : `${label}（${note}）`;
}

const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const RIGHT = A4.width - MARGIN;
/** Content stops here; the footer sits below. */
const CONTENT_BOTTOM = A4.height - MARGIN - 22;
const PAD = 6;

const INK = 0;
const MUTED = 0.4;
const RULE = 0.82;
const SHADE = 0.9;
const STRIPE = 0.965;

/** The lines table's columns: at, utility, kind (takes what is left), amount, balance after. */
const COLUMN_WIDTHS = [108, 64, 0, 100, 108];
COLUMN_WIDTHS[2] = CONTENT_WIDTH - COLUMN_WIDTHS.reduce((sum, width) => sum + width, 0);
const COLUMN_LEFT = COLUMN_WIDTHS.map((_, i) => MARGIN + COLUMN_WIDTHS.slice(0, i).reduce((sum, width) => sum + width, 0));
const ROW_HEIGHT = 17;
const HEADER_HEIGHT = 20;
const TEXT_SIZE = 8.5;

/** Where the layout is: the page being filled and how far down it is. */
interface Cursor { page: PdfPage; y: number }

/** The lines table's header row (on every page that holds lines). */
function tableHeader(cursor: Cursor, input: StatementPdfInput): void {
  const { labels } = input;
  const titles = [labels.at, '', labels.kind, bracketed(labels.amount, labels.yuan), bracketed(labels.balanceAfter, labels.yuan)];
  const { page, y } = cursor;
  page.fillRect(MARGIN, y, CONTENT_WIDTH, HEADER_HEIGHT, SHADE);
  titles.forEach((title, i) => cell(page, i, y + 13.5, title, { size: TEXT_SIZE, bold: true }));
  cursor.y += HEADER_HEIGHT;
}

/** A text in a column of the lines table: amounts right-aligned, the others left, cut to fit. */
function cell(page: PdfPage, column: number, baseline: number, text: string, style: { size: number; bold?: boolean; gray?: number }): void {
  const fitted = truncateText(text, style.size, COLUMN_WIDTHS[column] - 2 * PAD);
  const right = column >= 3;
  page.text(right ? COLUMN_LEFT[column] + COLUMN_WIDTHS[column] - PAD : COLUMN_LEFT[column] + PAD, baseline, fitted, { ...style, align: right ? 'right' : 'left' });
}

/** What the kind column says: the kind, and for a recharge how it was paid. */
function kindText(line: StatementPdfInput['lines'][number], labels: StatementPdfInput['labels']): string {
  const kind = labels.kinds[line.kind];
  if (line.kind !== 'recharge' || !line.channel) return kind;
  const channel = (labels.channel as Record<string, string>)[line.channel] ?? line.channel;
  return bracketed(kind, channel);
}

/** The issuer, title, room and tenant rows of page 1; returns where the next block starts. */
function heading(page: PdfPage, input: StatementPdfInput): number {
  const { labels, issuer } = input;
  let y = MARGIN + 16;
  for (const line of wrapText(issuer.company ?? input.platformName, 16, CONTENT_WIDTH)) {
    page.text(MARGIN, y, line, { size: 16, bold: true });
    y += 21;
  }
  const contact = [issuer.address, issuer.phone].filter((part): part is string => !!part);
  const oneLine = contact.join('    ');
  for (const line of textWidth(oneLine, 9) <= CONTENT_WIDTH ? [oneLine] : contact.flatMap((part) => wrapText(part, 9, CONTENT_WIDTH))) {
    if (line === '') continue;
    page.text(MARGIN, y - 5, line, { size: 9, gray: MUTED });
    y += 13;
  }
  y += 2;
  page.line(MARGIN, y, RIGHT, y, { width: 1.2, gray: 0.15 });
  y += 32;
  page.text(MARGIN, y, labels.title, { size: 18, bold: true });
  page.text(RIGHT, y, input.month, { size: 18, bold: true, align: 'right' });
  y += 12;

  const rows: [string, string][] = [[labels.room, input.project ? `${input.project} ${input.room}` : input.room]];
  if (input.tenantName) rows.push([labels.tenant, input.tenantName]);
  rows.push([labels.period, input.periodText]);
  const labelWidth = Math.max(56, ...rows.map(([label]) => textWidth(label, 9.5) + 14));
  for (const [label, value] of rows) {
    y += 18;
    page.text(MARGIN, y, label, { size: 9.5, gray: MUTED });
    page.text(MARGIN + labelWidth, y, truncateText(value, 10.5, CONTENT_WIDTH - labelWidth), { size: 10.5 });
  }
  if (input.running) {
    y += 12;
    const width = Math.min(CONTENT_WIDTH, textWidth(labels.running, 9) + 2 * PAD + 4);
    page.fillRect(MARGIN, y, width, 18, 0.93);
    page.fillRect(MARGIN, y, 2.5, 18, 0.3);
    page.text(MARGIN + PAD + 2, y + 12.5, truncateText(labels.running, 9, CONTENT_WIDTH - 2 * PAD - 4), { size: 9, gray: 0.2 });
    y += 18;
  }
  return y + 26;
}

const SUMMARY_ROW = 17;
const SUMMARY_HEIGHT = HEADER_HEIGHT + 9 * SUMMARY_ROW;

/** One utility's summary table at (x, y), width w: the flows of the month, the closing balance, the usage. */
function summary(page: PdfPage, x: number, y: number, w: number, entry: StatementPdfInput['utilities'][number], input: StatementPdfInput): void {
  const { labels } = input;
  page.fillRect(x, y, w, HEADER_HEIGHT, SHADE);
  page.text(x + PAD, y + 13.5, truncateText(labels.utility[entry.utility], 10, w / 2), { size: 10, bold: true });
  page.text(x + w - PAD, y + 13.5, labels.yuan, { size: 8.5, gray: MUTED, align: 'right' });
  const rows: [string, string, boolean][] = [
    [labels.opening, formatYuan(entry.openingFen), false],
    [labels.recharge, formatYuan(entry.rechargeFen, true), false],
    [labels.void, formatYuan(-entry.voidFen), false],
    [labels.charge, formatYuan(-entry.chargeFen), false],
    [labels.refund, formatYuan(entry.refundFen, true), false],
    [labels.gift, formatYuan(entry.giftFen, true), false],
    [labels.adjust, formatYuan(entry.adjustFen, true), false],
    [labels.closing, formatYuan(entry.closingFen), true],
    [labels.usage, `${formatQuantity(entry.usage)} ${entry.unit}`, false],
  ];
  let top = y + HEADER_HEIGHT;
  rows.forEach(([label, value, strong], i) => {
    const baseline = top + 12;
    const valueWidth = textWidth(value, 9.5);
    page.text(x + PAD, baseline, truncateText(label, 9.5, w - valueWidth - 3 * PAD), { size: 9.5, bold: strong, gray: strong ? INK : 0.15 });
    page.text(x + w - PAD, baseline, value, { size: 9.5, bold: strong, align: 'right' });
    top += SUMMARY_ROW;
    // A firm rule closes the money (above the usage row), hairlines between the flows.
    if (i < rows.length - 1) page.line(x, top, x + w, top, strong || i === rows.length - 3 ? { width: 0.8, gray: 0.3 } : { width: 0.4, gray: RULE });
  });
  page.line(x, top, x + w, top, { width: 0.8, gray: 0.3 });
}

/** The running head of the pages after the first: whose statement this page belongs to. */
function runningHead(page: PdfPage, input: StatementPdfInput): number {
  const left = input.issuer.company ?? input.platformName;
  const right = `${input.labels.title} ${input.month}  ${input.project ? `${input.project} ` : ''}${input.room}`;
  page.text(RIGHT, MARGIN + 8, truncateText(right, 8.5, CONTENT_WIDTH * 0.6), { size: 8.5, gray: MUTED, align: 'right' });
  page.text(MARGIN, MARGIN + 8, truncateText(left, 8.5, CONTENT_WIDTH * 0.38), { size: 8.5, gray: MUTED });
  page.line(MARGIN, MARGIN + 14, RIGHT, MARGIN + 14, { width: 0.5, gray: 0.6 });
  return MARGIN + 30;
}

/** The footer of every page, drawn once the number of pages is known. */
function footer(page: PdfPage, n: number, total: number, input: StatementPdfInput): void {
  const { labels } = input;
  const y = A4.height - MARGIN + 2;
  page.line(MARGIN, y - 13, RIGHT, y - 13, { width: 0.5, gray: 0.6 });
  const generated = labels.generatedAt.includes('%{at}') ? labels.generatedAt.replaceAll('%{at}', input.generatedAt) : `${labels.generatedAt} ${input.generatedAt}`;
  const pageText = labels.page.replaceAll('%{n}', String(n)).replaceAll('%{total}', String(total));
  page.text(RIGHT, y, pageText, { size: 8, gray: MUTED, align: 'right' });
  page.text(MARGIN, y, truncateText(generated, 8, CONTENT_WIDTH - textWidth(pageText, 8) - 20), { size: 8, gray: MUTED });
}

/** The statement as PDF bytes. */
export function statementPdf(input: StatementPdfInput): Uint8Array {
  const { labels } = input;
  const doc = new PdfDocument({ title: `${labels.title} ${input.month} ${input.room}`, producer: input.platformName, creationDate: input.createdAt });
  const pages = [doc.addPage()];
  const cursor: Cursor = { page: pages[0], y: heading(pages[0], input) };
  const newPage = () => {
    cursor.page = doc.addPage();
    pages.push(cursor.page);
    cursor.y = runningHead(cursor.page, input);
  };

  // The summaries, two side by side (electricity and water).
  const gap = 20;
  const perRow = Math.min(2, Math.max(1, input.utilities.length));
  const width = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
  for (let i = 0; i < input.utilities.length; i += perRow) {
    if (cursor.y + SUMMARY_HEIGHT > CONTENT_BOTTOM) newPage();
    input.utilities.slice(i, i + perRow).forEach((entry, j) => summary(cursor.page, MARGIN + j * (width + gap), cursor.y, width, entry, input));
    cursor.y += SUMMARY_HEIGHT + 28;
  }

  // The lines, with their header on each page they reach.
  if (cursor.y + 22 + HEADER_HEIGHT + ROW_HEIGHT > CONTENT_BOTTOM) newPage();
  cursor.page.text(MARGIN, cursor.y + 4, labels.lines, { size: 12, bold: true });
  cursor.y += 14;
  tableHeader(cursor, input);
  if (input.lines.length === 0) {
    cursor.page.text(A4.width / 2, cursor.y + 20, labels.noLines, { size: 9, gray: MUTED, align: 'center' });
    cursor.page.line(MARGIN, cursor.y + 32, RIGHT, cursor.y + 32, { width: 0.8, gray: 0.3 });
  }
  input.lines.forEach((line, i) => {
    if (cursor.y + ROW_HEIGHT > CONTENT_BOTTOM) {
      newPage();
      tableHeader(cursor, input);
    }
    const { page, y } = cursor;
    if (i % 2 === 1) page.fillRect(MARGIN, y, CONTENT_WIDTH, ROW_HEIGHT, STRIPE);
    const baseline = y + 11.8;
    cell(page, 0, baseline, line.at, { size: TEXT_SIZE });
    cell(page, 1, baseline, labels.utility[line.utility], { size: TEXT_SIZE });
    cell(page, 2, baseline, kindText(line, labels), { size: TEXT_SIZE });
    cell(page, 3, baseline, formatYuan(line.amountFen, true), { size: TEXT_SIZE });
    cell(page, 4, baseline, formatYuan(line.balanceAfterFen), { size: TEXT_SIZE });
    cursor.y += ROW_HEIGHT;
    const last = i === input.lines.length - 1 || cursor.y + ROW_HEIGHT > CONTENT_BOTTOM;
    if (last) page.line(MARGIN, cursor.y, RIGHT, cursor.y, { width: 0.8, gray: 0.3 });
  });

  pages.forEach((page, i) => footer(page, i + 1, pages.length, input));
  return doc.toBytes();
}
