import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { PrinterError } from './printer-error';

/** Points per character column of Courier at the size used: a 48-column ticket is about 80 mm wide. */
const FONT_SIZE = 9;

/** The ticket's text as a PDF as wide as the paper (Courier: its WinAnsi encoding has every Portuguese accent). */
function pdfOf(text: string, columns: number): Promise<Buffer> {
  const lines = text.replace(/\s+$/, '').split('\n');
  const width = columns * FONT_SIZE * 0.6 + 24;
  const height = lines.length * FONT_SIZE * 1.25 + 24;
  const doc = new PDFDocument({ size: [width, height], margin: 12, info: { Title: 'Store Terminal ticket' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Courier').fontSize(FONT_SIZE);
  for (const line of lines) doc.text(line, { lineGap: FONT_SIZE * 0.25 });
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
