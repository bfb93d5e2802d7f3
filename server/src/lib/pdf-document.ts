import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pLimit from 'p-limit';
import PDFDocument from 'pdfkit';

/**
 * The one layout the server's PDF documents (invoices, credit notes, e-tickets) are drawn in, as
 * the mail layout is for e-mails: a document is a list of blocks, drawn top to bottom on A4 pages
 * with pdfkit. Text is set in Noto Sans from npm, chosen per string by its script — Noto Sans for
 * Latin, Cyrillic, Greek and Vietnamese, Noto Sans Devanagari for Hindi, Noto Sans KR for Korean —
 * and embedded as a subset (only the glyphs used), with a ToUnicode map, so the text of the PDF
 * can be searched and copied in every language we ship.
 */
export type PdfBlock =
  /** The document's title, large, with a line of small print under it (e.g. the number). */
  | { readonly kind: 'title'; readonly text: string; readonly subtitle?: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  /** Labels and values in two columns ("Invoice date: 26 Nov 2026"). */
  | { readonly kind: 'fields'; readonly rows: readonly (readonly [string, string])[] }
  /** Blocks of lines side by side under small headings (seller and buyer). */
  | {
      readonly kind: 'columns';
      readonly columns: readonly { readonly title: string; readonly lines: readonly string[] }[];
    }
  /**
   * A table: column widths are fractions of the text width; `totals` are right-aligned label and
   * value rows under it, the last one in bold.
   */
  | {
      readonly kind: 'table';
      readonly columns: readonly {
        readonly label: string;
        readonly width: number;
        readonly align?: 'left' | 'right';
      }[];
      readonly rows: readonly (readonly string[])[];
      readonly totals?: readonly (readonly [string, string])[];
    };

export interface PdfLayout {
  /** The document's language (catalogue code), written into the PDF. */
  readonly locale: string;
  /** Title in the document's properties. */
  readonly title: string;
  readonly author: string;
  readonly blocks: readonly PdfBlock[];
  /** Small print at the bottom of every page. */
  readonly footer?: string;
}

type Weight = 'regular' | 'bold';
type Script = 'latin' | 'devanagari' | 'hangul';

const require = createRequire(import.meta.url);
const FONT_FILES: Readonly<Record<Script, Readonly<Record<Weight, string>>>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  devanagari: {
    regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
  hangul: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
};

const DEVANAGARI = /\p{Script=Devanagari}/u;
const HANGUL = /\p{Script=Hangul}/u;

/**
 * The script a string needs a font for: Devanagari or Hangul when it holds such letters (those
 * fonts also draw Latin letters and digits), else Latin (Noto Sans: Latin, Cyrillic, Greek,
 * Vietnamese).
 */
export function scriptOf(text: string): Script {
  if (DEVANAGARI.test(text)) return 'devanagari';
  if (HANGUL.test(text)) return 'hangul';
  return 'latin';
}

/** Where one of the fonts lies (resolved from the installed npm packages). */
export function fontFile(script: Script, weight: Weight): string {
  return require.resolve(FONT_FILES[script][weight]);
}

const fontBytes = new Map<string, Buffer>();

/** A font's file, read once per process (Noto Sans KR alone is 6 MB). */
function fontData(script: Script, weight: Weight): Buffer {
  const key = `${script}-${weight}`;
  let bytes = fontBytes.get(key);
  if (bytes === undefined) {
    bytes = readFileSync(fontFile(script, weight));
    fontBytes.set(key, bytes);
  }
  return bytes;
}

const PAGE = { margin: 50, bottom: 60 } as const;
const SIZE = { title: 20, subtitle: 10, heading: 12, text: 10, small: 8 } as const;
const COLOUR = { text: '#1d2433', muted: '#4a5268', brand: '#123a8c', rule: '#c9cfdc' } as const;

/** Draws blocks on a pdfkit document, page by page. */
class Drawer {
  readonly #doc: PDFKit.PDFDocument;
  readonly #registered = new Set<string>();

  constructor(doc: PDFKit.PDFDocument) {
    this.#doc = doc;
  }

  get #left() {
    return this.#doc.page.margins.left;
  }

  get #width() {
    return this.#doc.page.width - this.#doc.page.margins.left - this.#doc.page.margins.right;
  }

  get #bottom() {
    return this.#doc.page.height - PAGE.bottom;
  }

  /** Sets the font for `text` (by its script) and size; answers the document. */
  font(text: string, weight: Weight, size: number): PDFKit.PDFDocument {
    const script = scriptOf(text);
    const name = `${script}-${weight}`;
    if (!this.#registered.has(name)) {
      this.#doc.registerFont(name, fontData(script, weight));
      this.#registered.add(name);
    }
    return this.#doc.font(name).fontSize(size);
  }

  /** Starts a new page when `height` does not fit on this one. */
  room(height: number): void {
    if (this.#doc.y + height > this.#bottom) this.#doc.addPage();
  }

  text(
    text: string,
    options: { weight?: Weight; size?: number; colour?: string; gap?: number } = {},
  ): void {
    const size = options.size ?? SIZE.text;
    const doc = this.font(text, options.weight ?? 'regular', size);
    this.room(doc.heightOfString(text, { width: this.#width }));
    doc
      .fillColor(options.colour ?? COLOUR.text)
      .text(text, this.#left, this.#doc.y, { width: this.#width });
    this.#doc.y += options.gap ?? 4;
  }

  rule(): void {
    const y = this.#doc.y + 2;
    this.#doc
      .moveTo(this.#left, y)
      .lineTo(this.#left + this.#width, y)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke();
    this.#doc.y = y + 6;
  }

  /**
   * One row of cells at fractions of the text width, each wrapped in its cell; answers the
   * row's height. The row moves to a new page as a whole when it does not fit.
   */
  row(
    cells: readonly { text: string; width: number; align?: 'left' | 'right'; weight?: Weight }[],
    size: number,
    colour: string = COLOUR.text,
  ): void {
    const gutter = 6;
    const boxes = cells.map((cell) => ({ ...cell, width: cell.width * this.#width - gutter }));
    const height = Math.max(
      ...boxes.map((box) =>
        this.font(box.text, box.weight ?? 'regular', size).heightOfString(box.text || ' ', {
          width: box.width,
        }),
      ),
    );
    this.room(height);
    const top = this.#doc.y;
    let x = this.#left;
    for (const box of boxes) {
      this.font(box.text, box.weight ?? 'regular', size)
        .fillColor(colour)
        .text(box.text, x, top, { width: box.width, align: box.align ?? 'left' });
      x += box.width + gutter;
    }
    this.#doc.y = top + height + 3;
  }

  block(block: PdfBlock): void {
    switch (block.kind) {
      case 'title':
        this.text(block.text, { weight: 'bold', size: SIZE.title, colour: COLOUR.brand, gap: 2 });
        if (block.subtitle !== undefined) {
          this.text(block.subtitle, { size: SIZE.subtitle, colour: COLOUR.muted });
        }
        this.#doc.y += 8;
        return;
      case 'heading':
        this.room(40);
        this.#doc.y += 8;
        this.text(block.text, { weight: 'bold', size: SIZE.heading, gap: 2 });
        this.rule();
        return;
      case 'paragraph':
        this.text(block.text, { gap: 6 });
        return;
      case 'fields':
        for (const [label, value] of block.rows) {
          this.row(
            [
              { text: label, width: 0.35, weight: 'bold' },
              { text: value, width: 0.65 },
            ],
            SIZE.text,
          );
        }
        this.#doc.y += 4;
        return;
      case 'columns': {
        const width = 1 / Math.max(1, block.columns.length);
        this.row(
          block.columns.map((column) => ({ text: column.title, width, weight: 'bold' as const })),
          SIZE.heading,
        );
        const lines = Math.max(...block.columns.map((column) => column.lines.length));
        for (let line = 0; line < lines; line += 1) {
          this.row(
            block.columns.map((column) => ({ text: column.lines[line] ?? '', width })),
            SIZE.text,
          );
        }
        this.#doc.y += 6;
        return;
      }
      case 'table': {
        const cells = (texts: readonly string[], weight: Weight) =>
          block.columns.map((column, index) => ({
            text: texts[index] ?? '',
            width: column.width,
            align: column.align ?? 'left',
            weight,
          }));
        this.row(
          cells(
            block.columns.map((column) => column.label),
            'bold',
          ),
          SIZE.small,
          COLOUR.muted,
        );
        this.rule();
        for (const row of block.rows) this.row(cells(row, 'regular'), SIZE.text);
        this.rule();
        const totals = block.totals ?? [];
        totals.forEach(([label, value], index) => {
          const weight: Weight = index === totals.length - 1 ? 'bold' : 'regular';
          this.row(
            [
              { text: label, width: 0.75, align: 'right', weight },
              { text: value, width: 0.25, align: 'right', weight },
            ],
            SIZE.text,
          );
        });
        this.#doc.y += 6;
        return;
      }
    }
  }

  /** The footer on every page (drawn last, over the page's bottom margin). */
  footer(text: string): void {
    const range = this.#doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page += 1) {
      this.#doc.switchToPage(page);
      const bottomMargin = this.#doc.page.margins.bottom;
      this.#doc.page.margins.bottom = 0;
      this.font(text, 'regular', SIZE.small)
        .fillColor(COLOUR.muted)
        .text(text, this.#left, this.#doc.page.height - PAGE.bottom + 16, {
          width: this.#width,
          align: 'center',
          lineBreak: false,
        });
      this.#doc.page.margins.bottom = bottomMargin;
    }
  }
}

/** Lets other work of the process (requests, timers) run between two blocks of a document. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One document drawn at a time in a process. Documents drawn side by side all finish together
 * (each waits for all the others' steps), and their last steps — font subsetting, compression —
 * then hold the event loop back to back: 50 invoice downloads at once kept health checks waiting
 * for seconds (`npm run bench -- manage`). In turn, each download waits only for those before it,
 * and a request arriving meanwhile waits for one step of one document at most.
 */
const oneAtATime = pLimit(1);

/**
 * Draws a document's blocks into an A4 PDF; answers its bytes. Drawing is CPU work (text layout,
 * font subsetting), so the event loop is given back after each block: a document drawn by an
 * outbox handler does not hold up the answers of requests arriving meanwhile.
 */
export function renderPdf(layout: PdfLayout): Promise<Buffer> {
  return oneAtATime(() => drawPdf(layout));
}

async function drawPdf(layout: PdfLayout): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: layout.locale.replace('_', '-'),
    displayTitle: true,
    info: { Title: layout.title, Author: layout.author, Creator: layout.author },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const drawer = new Drawer(doc);
  for (const block of layout.blocks) {
    await breathe();
    drawer.block(block);
  }
  if (layout.footer !== undefined) drawer.footer(layout.footer);
  await breathe();
  doc.end();
  return done;
}
