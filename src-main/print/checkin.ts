import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toAppError } from '../../src-shared/errors';
import type { MerchantApi } from '../api/merchant';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';

export interface CheckinSheetsOptions {
  merchant: Pick<MerchantApi, 'checkinQrCodes'>;
  dataDir: string;
  clock: Clock;
  logger: Logger;
}

export interface CheckinSheetResult {
  pdf: Buffer;
  generatedAt: string;
  /** Where the copy was kept, or null when it could not be written (the sheet is still shown). */
  savedTo: string | null;
}

/** `checkin-2026-11-21-120000.pdf` (UTC): sorts by time, and two sheets a second apart do not collide. */
export function checkinFileName(nowMs: number): string {
  const iso = new Date(nowMs).toISOString();
  return `checkin-${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}.pdf`;
}

/**
 * The driver check-in QR sheet (spec §4.4: grocery stores only, 1 to 20 per request, codes never
 * expire). The platform draws the PDF; the terminal keeps a copy under `<dataDir>/print/` so the
 * sheet can be printed again without the network, and hands the bytes to the screen.
 */
export class CheckinSheets {
  constructor(private readonly options: CheckinSheetsOptions) {}

  get folder(): string {
    return join(this.options.dataDir, 'print');
  }

  async generate(merchantIds: readonly string[]): Promise<CheckinSheetResult> {
    const { merchant, clock, logger } = this.options;
    const pdf = await merchant.checkinQrCodes(merchantIds);
    const now = clock.now();
    let savedTo: string | null = join(this.folder, checkinFileName(now));
    try {
      await mkdir(this.folder, { recursive: true });
      // Written aside and renamed, so a crash never leaves half a PDF under the real name.
      const partial = `${savedTo}.partial`;
      await writeFile(partial, pdf);
      await rename(partial, savedTo);
    } catch (error) {
      logger.warn('check-in sheet could not be saved on the terminal', { error: toAppError(error).toInfo() });
      savedTo = null;
    }
    return { pdf, generatedAt: new Date(now).toISOString(), savedTo };
  }
}
