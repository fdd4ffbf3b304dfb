import { z } from 'zod';
import { MAX_CHECKIN_STORES } from '../../wire/merchant';
import { channel } from '../channel';
import { MerchantId } from './stores';

/** The drivers' check-in QR sheet of one or more stores (spec §4.4.5), as a PDF, and the copies kept on the terminal. */

const IsoTime = z.string();

export const CheckinSheet = z.object({
  /** The PDF itself, base64 (crosses both shells' bridges as plain text). */
  pdfBase64: z.string(),
  byteLength: z.number().int(),
  generatedAt: IsoTime,
  /** A copy was kept on the terminal (its place is not the renderer's business). */
  saved: z.boolean(),
});
export type CheckinSheet = z.infer<typeof CheckinSheet>;

export const checkinChannels = {
  'checkin:qrPdf': channel(z.object({ merchantIds: z.array(MerchantId).min(1).max(MAX_CHECKIN_STORES) }).strict(), CheckinSheet),
  /** The sheets kept on the terminal, newest first. */
  'checkin:saved': channel(z.object({}).strict(), z.array(z.object({ file: z.string(), savedAt: IsoTime, byteLength: z.number().int() }))),
  /** A kept sheet, opened again (no network needed). */
  'checkin:open': channel(z.object({ file: z.string().regex(/^checkin-\d{4}-\d{2}-\d{2}-\d{6}\.pdf$/) }).strict(), CheckinSheet),
} as const;
