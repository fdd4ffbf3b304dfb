import { z } from 'zod';
import { channel } from '../channel';

/** A file for support: the recent logs, versions, settings and the sync state, never a secret. */

/** The most a diagnostics file weighs: it travels whole to the window (Electron IPC, the web shell's socket). */
export const DIAGNOSTICS_MAX_BYTES = 2 * 1024 * 1024;

/** One file for support, for the window to offer as a download. */
export const DiagnosticsExport = z.object({
  /** A plain file name, nothing that could be a path. */
  fileName: z.string().regex(/^[\w.-]{1,100}$/),
  mediaType: z.literal('application/json'),
  /** At most DIAGNOSTICS_MAX_BYTES of UTF-8 (so at most as many characters). */
  content: z.string().max(DIAGNOSTICS_MAX_BYTES),
});
export type DiagnosticsExport = z.infer<typeof DiagnosticsExport>;

export const ExportDiagnosticsInput = z
  .object({
    /** The window's browser (the web shell's Chromium is not the main process's): its version for the report. */
    userAgent: z.string().max(512).optional(),
  })
  .strict();

export const diagnosticsChannels = {
  'diagnostics:export': channel(ExportDiagnosticsInput, DiagnosticsExport),
} as const;
