import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, toAppError } from '../../src-shared/errors';
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

/** A kept sheet's file name, and nothing else (no path, no other file of the folder). */
export const CHECKIN_FILE = /^checkin-\d{4}-\d{2}-\d{2}-\d{6}\.pdf$/;
/** Kept sheets listed on screen, newest first. */
const LISTED = 50;

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

  /** `language`: the screen's (`pt-BR`, `en`), asked of the platform for the sheet's words. */
  async generate(merchantIds: readonly string[], language?: string): Promise<CheckinSheetResult> {
    const { merchant, clock, logger } = this.options;
    const pdf = await merchant.checkinQrCodes(merchantIds, language ? { language } : undefined);
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

  /** The sheets kept on the terminal, newest first: to open again without the network. */
  async saved(): Promise<{ file: string; savedAt: string; byteLength: number }[]> {
    let names: string[];
    try {
      names = (await readdir(this.folder)).filter((n) => CHECKIN_FILE.test(n));
    } catch {
      return [];
    }
    const newest = names.sort().reverse().slice(0, LISTED);
    return Promise.all(
      newest.map(async (file) => {
        const info = await stat(join(this.folder, file));
        return { file, savedAt: info.mtime.toISOString(), byteLength: info.size };
      }),
    );
  }

  /** A kept sheet's PDF, by its file name as `saved()` listed it. */
  async read(file: string): Promise<CheckinSheetResult> {
    if (!CHECKIN_FILE.test(file)) throw new AppError('validation', 'not a kept check-in sheet', { field: 'file' });
    try {
      const path = join(this.folder, file);
      const [pdf, info] = await Promise.all([readFile(path), stat(path)]);
      return { pdf, generatedAt: info.mtime.toISOString(), savedTo: path };
    } catch {
      throw new AppError('not-found', 'This sheet is no longer kept on the terminal.');
    }
  }
}
