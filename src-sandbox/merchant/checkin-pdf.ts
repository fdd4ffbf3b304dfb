import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { SeedStore } from '../seed/stores';

/**
 * The driver check-in sheet (spec §4.4): a real PDF with one A4 page per store, each holding a QR
 * code and the store's name printed under it. The code's content names only the store, so codes
 * never expire and the same store always prints the same code.
 */

export const CHECKIN_CONTENT_PREFIX = 'https://checkin.sandbox.invalid/merchants/';

export function checkinContent(merchantId: string): string {
  return `${CHECKIN_CONTENT_PREFIX}${merchantId}`;
}

const QR_SIDE_POINTS = 300;
const QUIET_ZONE_MODULES = 4;

/** Draws the QR code as vector squares: crisp at any print resolution, no image decoding. */
function drawQr(doc: PDFKit.PDFDocument, content: string, x: number, y: number): void {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const cell = QR_SIDE_POINTS / (modules.size + 2 * QUIET_ZONE_MODULES);
  const origin = (n: number) => (n + QUIET_ZONE_MODULES) * cell;
  doc.save().rect(x, y, QR_SIDE_POINTS, QR_SIDE_POINTS).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + origin(col), y + origin(row), cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

/**
 * The sheet's words. The spec does not say which language the platform draws it in; the sandbox
 * follows the request's `Accept-Language` (English for `en…`), Portuguese otherwise: the
 * marketplace is Brazilian, and a sheet on a shop's wall speaks to its drivers.
 */
const WORDS = {
  pt: { title: 'Check-in do entregador', hint: 'Escaneie este código ao chegar para retirar um pedido.', store: 'Loja' },
  en: { title: 'Driver check-in', hint: 'Scan this code when you arrive to collect an order.', store: 'Store' },
} as const;
export type CheckinLanguage = keyof typeof WORDS;

export function checkinLanguage(acceptLanguage: string | undefined): CheckinLanguage {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'pt';
}

export async function checkinPdf(stores: readonly SeedStore[], createdAt: Date, language: CheckinLanguage = 'pt'): Promise<Buffer> {
  const words = WORDS[language];
  const doc = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false, info: { Title: words.title, CreationDate: createdAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const store of stores) {
    doc.addPage();
    const width = doc.page.width;
    const qrX = (width - QR_SIDE_POINTS) / 2;
    doc.font('Helvetica-Bold').fontSize(22).text(words.title, { align: 'center' });
    doc.moveDown(0.5).font('Helvetica').fontSize(12).text(words.hint, { align: 'center' });
    const qrY = doc.y + 24;
    drawQr(doc, checkinContent(store.id), qrX, qrY);
    doc.y = qrY + QR_SIDE_POINTS + 16;
    doc.font('Helvetica-Bold').fontSize(20).text(store.name, doc.page.margins.left, doc.y, { align: 'center' });
    const a = store.address;
    doc.font('Helvetica').fontSize(11).text(`${a.street}, ${a.number} - ${a.district}, ${a.city}/${a.state}`, { align: 'center' });
    doc.moveDown(0.3).fontSize(9).fillColor('#555555').text(`${words.store} ${store.id}`, { align: 'center' }).fillColor('#000000');
  }
  doc.end();
  return done;
}
