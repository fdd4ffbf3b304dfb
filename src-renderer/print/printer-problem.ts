import type { ErrorInfo } from '../../src-shared/errors';
import type { PrinterSettings } from '../../src-shared/settings';
import type { I18n } from '../i18n/i18n.svelte';

type Printer = Pick<PrinterSettings, 'name' | 'connection'>;

/** Where a printer is, as its settings say: its address and port, or the system's name for it; none for "save as image". */
export function printerPlace(connection: PrinterSettings['connection']): string | null {
  if (connection.kind === 'network') return `${connection.host}:${connection.port}`;
  if (connection.kind === 'system') return connection.device;
  return null;
}

/**
 * Why a printer did not take a ticket, in two words (the top bar: "sem papel", "não responde"). An
 * error that is not the printer's (a bug, a refused setting) is said as its kind.
 */
export function printerCause(i18n: I18n, error: ErrorInfo): string {
  return error.code === 'printer' ? i18n.label('print.cause', error.reason, i18n.t('print.cause.failed')) : i18n.error(error);
}

/** The whole sentence: which printer, where it is, what happened and what to check. */
export function printerProblem(i18n: I18n, printer: Printer, error: ErrorInfo): string {
  const cause = error.code === 'printer' ? i18n.label('print.fault', error.reason, i18n.t('print.fault.failed')) : i18n.error(error);
  const place = printerPlace(printer.connection);
  return place === null ? i18n.t('print.problem.noPlace', { name: printer.name, cause }) : i18n.t('print.problem', { name: printer.name, place, cause });
}
