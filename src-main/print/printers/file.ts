import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { PrinterError } from './printer-error';

/** Points per character column of Courier at the size used: a 48-column ticket is about 80 mm wide. */
const FONT_SIZE = 9;

/** The ticket's text as a PDF as wide as the paper and as long as the ticket, on one page (Courier: its WinAnsi encoding has every Portuguese accent). */
function pdfOf(text: string, columns: number): Promise<Buffer> {
  const lines = text.replace(/\s+$/, '').split('\n');
  const gap = FONT_SIZE * 0.25;
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Store Terminal ticket' } });
  doc.font('Courier').fontSize(FONT_SIZE);
  // The page is measured with the font's own line height: a guessed one left the last lines of a long ticket on a second page.
  const lineHeight = doc.currentLineHeight(true) + gap;
  doc.addPage({ size: [columns * FONT_SIZE * 0.6 + 24, Math.ceil(lines.length * lineHeight) + 24 + 1], margin: 12 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.text(line, { lineGap: gap });
  doc.end();
  return done;
}

/**
 * The printer of a terminal without one: each ticket is saved in the data folder as a PDF (to print
 * from any computer) and as the SVG image of the thermal ticket, both owner-only; written aside and
 * renamed, so a stop never leaves half a file under the real name.
 */
export async function saveTicketFiles(dir: string, name: string, ticket: { text: string; svg: string; columns: number }): Promise<void> {
  try {
    await writeTicketFiles(dir, name, ticket);
  } catch (error) {
    // A full disk or a folder the terminal may not write: the ticket waits like one for a printer that is off.
    throw new PrinterError('not-saved', `ticket file in ${dir}: ${(error as Error).message}`, { cause: error });
  }
}

async function writeTicketFiles(dir: string, name: string, ticket: { text: string; svg: string; columns: number }): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const safe = name.replace(/[^\w.-]/g, '_').slice(0, 120);
  const files: [string, string | Buffer][] = [
    [`${safe}.pdf`, await pdfOf(ticket.text, ticket.columns)],
    [`${safe}.svg`, ticket.svg],
  ];
  for (const [file, content] of files) {
    const path = join(dir, file);
    await writeFile(`${path}.partial`, content, { mode: 0o600 });
    await rename(`${path}.partial`, path);
  }
}
