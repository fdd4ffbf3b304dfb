import { AppError, type ErrorInfo } from '../../../src-shared/errors';
import type { PrinterFault } from '../../../src-shared/ipc/channels/print';

/**
 * A printer that did not take a ticket, with why (`fault`): its own kind, so a screen never words it
 * as the platform's connection, and the cause travels to the screen as the error's `reason`.
 */
export class PrinterError extends AppError {
  constructor(
    readonly fault: PrinterFault,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('printer', message, options);
    this.name = 'PrinterError';
  }

  override toInfo(): ErrorInfo {
    return { ...super.toInfo(), reason: this.fault };
  }
}

/** What a socket's error code says about a network printer (Node's `code` of a connect or write error). */
export function faultOfSocketError(code: string | undefined): PrinterFault {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return 'unknown-host';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
    case 'EADDRNOTAVAIL':
      return 'unreachable';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
      return 'cut-off';
    default:
      return 'failed';
  }
}
