import type { CheckinSheet } from '../../../src-shared/ipc/channels/checkin';
import type { Handlers } from '../../ipc/dispatcher';
import { platformWords } from '../../ipc/refusals';
import type { CheckinSheetResult, CheckinSheets } from '../../print/checkin';

export interface CheckinHandlerDeps {
  sheets: Pick<CheckinSheets, 'generate' | 'saved' | 'read'>;
  /** The screen's language, asked of the platform for the check-in sheet's words. */
  language?: () => string;
}

/** The drivers' check-in QR sheets (spec §4.4): made by the platform, kept on the terminal, opened again. */
export function checkinHandlers({ sheets, language }: CheckinHandlerDeps): Pick<Handlers, 'checkin:qrPdf' | 'checkin:saved' | 'checkin:open'> {
  return {
    'checkin:qrPdf': async ({ merchantIds }) => sheetView(await platformWords(sheets.generate([...new Set(merchantIds)], language?.()))),
    'checkin:saved': () => sheets.saved(),
    'checkin:open': async ({ file }) => sheetView(await sheets.read(file)),
  };
}

function sheetView(sheet: CheckinSheetResult): CheckinSheet {
  return { pdfBase64: sheet.pdf.toString('base64'), byteLength: sheet.pdf.byteLength, generatedAt: sheet.generatedAt, saved: sheet.savedTo !== null };
}
