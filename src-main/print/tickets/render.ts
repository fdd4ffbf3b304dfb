import { transform } from 'receiptline';
import type { PrinterEncoding, PaperWidth } from '../../../src-shared/settings';
import { wrapWords } from './wrap';

/** Characters per line of each paper width (Font A, 12 dots wide). */
export const COLUMNS_OF: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** The document with its words kept whole at this width (ReceiptLine alone would cut them anywhere). */
const laidOut = (document: string, width: PaperWidth, encoding: PrinterEncoding | 'cp437'): string => wrapWords(document, COLUMNS_OF[width], encoding);

/**
 * A ReceiptLine document as the bytes an ESC/POS printer takes (code page selected, paper cut at
 * the document's `=`). ReceiptLine answers a string of byte values; it becomes the buffer sent as is.
 * Its own cut at the end (`cutting`) is off: every ticket ends with `=` already, and two cuts in a
 * row waste paper and leave a sliver of it in the cutter.
 */
export function toEscPos(document: string, options: { width: PaperWidth; encoding: PrinterEncoding }): Buffer {
  const commands = transform(laidOut(document, options.width, options.encoding), {
    cpl: COLUMNS_OF[options.width],
    encoding: options.encoding,
    command: 'escpos',
    cutting: false,
    spacing: false,
  });
  return Buffer.from(commands, 'latin1');
}

/**
 * The same document as an SVG image: the preview in Settings and the "save as image" printer.
 * ReceiptLine's SVG imports a web font from Google and names its filter with a random id: the
 * terminal works offline and its previews must compare byte for byte, so the import goes (the local
 * monospace fonts it lists after it remain) and the id is fixed.
 */
export function toSvg(document: string, options: { width: PaperWidth; encoding: PrinterEncoding }): string {
  return transform(laidOut(document, options.width, options.encoding), {
    cpl: COLUMNS_OF[options.width],
    encoding: options.encoding,
    command: 'svg',
    spacing: true,
  })
    .replace(/<style type="text\/css"><!\[CDATA\[@import url\([^)]*\);\]\]><\/style>/, '')
    .replace(/receipt-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'receipt-ticket');
}

/** The document as plain text (double-size text spread out), for the PDF of the "save as file" printer. */
export function toText(document: string, options: { width: PaperWidth }): string {
  return transform(laidOut(document, options.width, 'cp437'), { cpl: COLUMNS_OF[options.width], command: 'text' });
}
