/**
 * A minimal PDF 1.7 writer of our own (issue 42): the tenants' monthly statement is the one document
 * the server prints, and a PDF library would be a large dependency for a few lines of text and rules.
 *
 * What it writes: A4 portrait pages holding text, lines and filled rectangles, in shades of gray. The
 * text is set in ONE non-embedded CJK font, Adobe's standard `STSong-Light` with the `UniGB-UCS2-H`
 * encoding: every viewer (PDFium, Acrobat, pdf.js, poppler) knows this font by name and substitutes
 * a system CJK font, so simplified and traditional Chinese, Japanese kana and kanji and Latin all show
 * without shipping megabytes of font (the font is declared with its real widths, so text measured
 * here is placed the same by every viewer). The text is written as UCS-2 big-endian hex (`<4E2D6587>`):
 * the encoding's codes are the Unicode code points of the Basic Multilingual Plane.
 *
 * Callers place things from the page's TOP-LEFT corner (y grows downwards, a text's y is its
 * baseline); the writer turns that into PDF's bottom-left space. The output is deterministic: the
 * same drawing and the same information give the same bytes (no clock is read here).
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** A4 portrait in PDF points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface TextStyle {
  /** Font size in points. */
  size: number;
  /** Drawn heavier (the single font has no bold face: its outline is stroked as well as filled). */
  bold?: boolean;
  /** 0 black … 1 white; default 0. */
  gray?: number;
  /** Where x is: the text's left end (default), its right end, or its middle. */
  align?: 'left' | 'right' | 'center';
}

export interface StrokeStyle {
  /** Line width in points; default 0.5. */
  width?: number;
  /** 0 black … 1 white; default 0. */
  gray?: number;
}

/** The document information dictionary (what viewers show as the document's properties). */
export interface PdfInfo {
  title: string;
  producer: string;
  /** Given by the caller so that the output stays deterministic; left out when absent. */
  creationDate?: Date;
}

/** Superscript digits are not in the encoding: they are drawn as small raised digits instead (`m³`). */
const SUPERSCRIPTS: Record<number, number> = { 0xb9: 0x31, 0xb2: 0x32, 0xb3: 0x33 };
const SUP_SCALE = 0.65;
const SUP_RISE = 0.38;

/**
 * Common characters that UniGB-UCS2-H leaves unmapped (they would print as nothing), replaced by the
 * mapped one that looks the same: the middle dot of Chinese transliterated names (`约翰·史密斯`) is
 * GB 2312's, which Adobe maps from U+30FB.
 */
const LOOKALIKES: Record<number, number> = {
  0xa0: 0x20, 0xb7: 0x30fb, 0x2022: 0x30fb, 0x2011: 0x2d, 0x2012: 0x2d, 0x2212: 0x2d, 0x301c: 0xff5e,
};

const QUESTION_MARK = 0x3f;

/** One code point as the writer will draw it: its code in the encoding and whether it is raised. */
interface Glyph { code: number; sup: boolean }

/**
 * The glyphs of a text: half-width katakana folded to full width; characters outside the Basic
 * Multilingual Plane (the 2-byte encoding cannot say them), lone surrogates and control characters
 * become '?'.
 */
function glyphsOf(text: string): Glyph[] {
  const folded = text.replace(/[\uFF61-\uFF9F]+/g, (run) => run.normalize('NFKC'));
  const glyphs: Glyph[] = [];
  for (const char of folded) {
    const cp = char.codePointAt(0) ?? QUESTION_MARK;
    const sup = SUPERSCRIPTS[cp];
    if (sup !== undefined) { glyphs.push({ code: sup, sup: true }); continue; }
    const unusable = cp > 0xffff || cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp < 0xe000);
    glyphs.push({ code: unusable ? QUESTION_MARK : LOOKALIKES[cp] ?? cp, sup: false });
  }
  return glyphs;
}

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** A text as the content stream says it: `<4E2D6587>` (UCS-2 big-endian, '?' for what cannot be said). */
export function toUcs2Hex(text: string): string {
  return `<${glyphsOf(text).map((glyph) => hex4(glyph.code)).join('')}>`;
}

/**
 * STSong-Light's published advance widths (1/1000 em) of printable ASCII, U+0020–U+007E, which
 * UniGB-UCS2-H maps to CIDs 1–95 (Adobe's metrics, as ReportLab and iText declare them). They are
 * about half an em: declaring them exactly instead of a flat 500 matters because viewers place each
 * glyph of the font they substitute by these widths, and the substitutes' Latin is proportional; at
 * a flat 500 English reads "Mont hl y st at ement" in poppler and PDFium alike.
 */
const ASCII_WIDTHS = [
  207, 270, 342, 467, 462, 797, 710, 239, 374, 374, 423, 605, 238, 375, 238, 334,
  462, 462, 462, 462, 462, 462, 462, 462, 462, 462, 238, 238, 605, 605, 605, 344,
  748, 684, 560, 695, 739, 563, 511, 729, 793, 318, 312, 666, 526, 896, 758, 772,
  544, 772, 628, 465, 607, 753, 711, 972, 647, 620, 607, 374, 333, 374, 606, 500,
  239, 417, 503, 427, 529, 415, 264, 444, 518, 241, 230, 495, 228, 793, 527, 524,
  524, 504, 338, 336, 277, 517, 450, 652, 466, 452, 407, 370, 258, 370, 605,
];

/** The width in em the font gives a code: ASCII its own (about half), everything else a full em. */
const emOf = (glyph: Glyph) => (glyph.code >= 0x20 && glyph.code < 0x7f ? ASCII_WIDTHS[glyph.code - 0x20] / 1000 : 1) * (glyph.sup ? SUP_SCALE : 1);

/**
 * The width in points of a text at a size, as drawn: ASCII by the font's widths (digits 0.462 em,
 * about half an em on average), every other character 1 em. The font's /W and /DW say exactly the
 * same, so this is what viewers advance by, and right-aligned numbers line up.
 */
export function textWidth(text: string, size: number): number {
  return glyphsOf(text).reduce((sum, glyph) => sum + emOf(glyph), 0) * size;
}

/** The longest start of a text that fits a width, with '…' when it had to be cut. */
export function truncateText(text: string, size: number, maxWidth: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, size) > maxWidth) chars.pop();
  return chars.length > 0 ? `${chars.join('')}…` : '';
}

/**
 * A text broken into lines no wider than maxWidth: Latin words stay whole (unless one alone is too
 * wide), CJK text breaks between any two characters, line breaks in the text are kept.
 */
export function wrapText(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const token of paragraph.match(/[\x21-\x7e]+|\s+|./gsu) ?? []) {
      if (textWidth(line + token, size) <= maxWidth) { line += token; continue; }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      if (/^\s+$/.test(token)) continue;
      for (const char of token) {
        if (line !== '' && textWidth(line + char, size) > maxWidth) { lines.push(line); line = ''; }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A number as a PDF operand: at most 2 decimals, never exponent notation, never "-0". */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite PDF number: ${value}`);
  const text = (Math.round(value * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

const clampGray = (gray: number | undefined) => num(Math.min(1, Math.max(0, gray ?? 0)));

/** One page's drawing, kept as content-stream operators until the document is written. */
export class PdfPage {
  readonly width = A4.width;
  readonly height = A4.height;
  private readonly ops: string[] = [];

  /** Text with its baseline at y (from the top), its left end, right end or middle at x. */
  text(x: number, y: number, text: string, style: TextStyle): void {
    const glyphs = glyphsOf(text);
    if (glyphs.length === 0) return;
    const { size } = style;
    const width = textWidth(text, size);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    const gray = clampGray(style.gray);
    const ops = ['q', `${gray} g`];
    // Fill and stroke (render mode 2) with a thin stroke of the same gray: the usual bold stand-in.
    if (style.bold) ops.push(`${gray} G`, `${num(Math.max(0.2, size * 0.03))} w`, '1 j');
    ops.push('BT', `/F1 ${num(size)} Tf`, `1 0 0 1 ${num(left)} ${num(this.height - y)} Tm`);
    if (style.bold) ops.push('2 Tr');
    let raised: boolean | null = null;
    let run = '';
    const flush = () => { if (run !== '') ops.push(`<${run}> Tj`); run = ''; };
    for (const glyph of glyphs) {
      if (glyph.sup !== raised) {
        flush();
        // Tj advances by the glyphs' widths at the current size, so a raised run needs no positioning.
        if (raised !== null || glyph.sup) ops.push(glyph.sup ? `/F1 ${num(size * SUP_SCALE)} Tf ${num(size * SUP_RISE)} Ts` : `/F1 ${num(size)} Tf 0 Ts`);
        raised = glyph.sup;
      }
      run += hex4(glyph.code);
    }
    flush();
    ops.push('ET', 'Q');
    this.ops.push(ops.join(' '));
  }

  /** A straight line between two points (from the top-left). */
  line(x1: number, y1: number, x2: number, y2: number, style: StrokeStyle = {}): void {
    this.ops.push(`q ${clampGray(style.gray)} G ${num(style.width ?? 0.5)} w ${num(x1)} ${num(this.height - y1)} m ${num(x2)} ${num(this.height - y2)} l S Q`);
  }

  /** A filled rectangle whose top-left corner is (x, y). */
  fillRect(x: number, y: number, width: number, height: number, gray: number): void {
    this.ops.push(`q ${clampGray(gray)} g ${num(x)} ${num(this.height - y - height)} ${num(width)} ${num(height)} re f Q`);
  }

  /** The page's content stream, uncompressed. */
  content(): Buffer {
    return Buffer.from(this.ops.join('\n'), 'latin1');
  }
}

/** A PDF text string: UTF-16BE with its byte-order mark, in hex (any language, no escaping to get wrong). */
function textString(text: string): string {
  let hex = 'FEFF';
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0xfffd;
    if (cp > 0xffff) hex += hex4(0xd800 + ((cp - 0x10000) >> 10)) + hex4(0xdc00 + ((cp - 0x10000) & 0x3ff));
    else hex += hex4(cp >= 0xd800 && cp < 0xe000 ? 0xfffd : cp);
  }
  return `<${hex}>`;
}

/** A date as PDF writes it, in UTC: `D:20261129093000Z`. */
function pdfDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid creation date');
  return `(D:${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')}Z)`;
}

/** Objects 1–6 are fixed; page i (0-based) is object 7 + 2i, its content stream the next one. */
const CATALOG = 1, PAGES = 2, INFO = 3, FONT = 4, CID_FONT = 5, DESCRIPTOR = 6, FIRST_PAGE = 7;

/** The single font: STSong-Light through UniGB-UCS2-H, ASCII (CIDs 1–95) by its own widths, the rest full. */
const FONT_OBJECTS: Record<number, string> = {
  [FONT]: `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${CID_FONT} 0 R] >>`,
  [CID_FONT]: `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${DESCRIPTOR} 0 R /DW 1000 /W [1 [${ASCII_WIDTHS.join(' ')}]] >>`,
  [DESCRIPTOR]: '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
};

/** A document: add pages, draw on them (in any order), then write it once with `toBytes`. */
export class PdfDocument {
  private readonly pages: PdfPage[] = [];

  constructor(private readonly info: PdfInfo) {}

  addPage(): PdfPage {
    const page = new PdfPage();
    this.pages.push(page);
    return page;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** The file. Offsets in the cross-reference table are counted in bytes as written. */
  toBytes(): Uint8Array {
    if (this.pages.length === 0) throw new Error('a PDF needs at least one page');
    const pageObject = (i: number) => FIRST_PAGE + 2 * i;
    const kids = this.pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ');
    const info = [`/Title ${textString(this.info.title)}`, `/Producer ${textString(this.info.producer)}`];
    if (this.info.creationDate) info.push(`/CreationDate ${pdfDate(this.info.creationDate)}`);

    const bodies = new Map<number, Buffer>([
      [CATALOG, Buffer.from(`<< /Type /Catalog /Pages ${PAGES} 0 R >>`)],
      [PAGES, Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`)],
      [INFO, Buffer.from(`<< ${info.join(' ')} >>`)],
      ...Object.entries(FONT_OBJECTS).map(([n, body]) => [Number(n), Buffer.from(body)] as [number, Buffer]),
    ]);
    this.pages.forEach((page, i) => {
      const contents = pageObject(i) + 1;
      bodies.set(pageObject(i), Buffer.from(`<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 ${num(A4.width)} ${num(A4.height)}] /Resources << /Font << /F1 ${FONT} 0 R >> /ProcSet [/PDF /Text] >> /Contents ${contents} 0 R >>`));
      const data = deflateSync(page.content());
      bodies.set(contents, Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]));
    });

    const chunks: Buffer[] = [];
    let length = 0;
    const write = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
      chunks.push(bytes);
      length += bytes.length;
    };
    // The comment of bytes above 127 tells transfer tools the file is binary.
    write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    const size = bodies.size + 1;
    const offsets: number[] = [];
    for (let n = 1; n < size; n++) {
      offsets[n] = length;
      write(`${n} 0 obj\n`);
      write(bodies.get(n) ?? Buffer.from('null'));
      write('\nendobj\n');
    }
    // The file identifier: recommended by the standard, derived from the content to stay deterministic.
    const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex').toUpperCase();
    const xref = length;
    write(`xref\n0 ${size}\n0000000000 65535 f\r\n`);
    for (let n = 1; n < size; n++) write(`${String(offsets[n]).padStart(10, '0')} 00000 n\r\n`);
    write(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`);
    return new Uint8Array(Buffer.concat(chunks));
  }
}
