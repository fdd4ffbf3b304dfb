import { toAppError } from '../../../src-shared/errors';
import type { PrinterReport, PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { Logger } from '../../base/log';

export interface PrinterReporterOptions {
  /** `print:report` to the server over the link. */
  send(report: PrinterReport): Promise<IpcResult<unknown>>;
  linkUp(): boolean;
  logger: Logger;
}

/** What the server hears of the printers: their states, never their addresses. */
export const reportOf = (status: PrintStatus): PrinterReport => ({
  printers: status.printers.map(({ id, state, since, waiting }) => ({ id, state, since, waiting })),
});

/**
 * A store terminal of a chain's server tells its server its printers' states (docs/chain-console.md:
 * the console's "printer out"): at each change, and again at each connection (the server forgets a
 * terminal's printers when it goes). One report at a time, in order; one the link lost is sent at the
 * next change or connection, never retried in a loop.
 */
export class PrinterReporter {
  private said: string | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: PrinterReporterOptions) {}

  /** The print queue's states changed. */
  changed(status: PrintStatus): void {
    this.tell(reportOf(status));
  }

  /** The link is (back) up: the server heard nothing of this connection yet. */
  connected(status: PrintStatus): void {
    this.tell(reportOf(status), { again: true });
  }

  /** Resolves once every report asked so far was sent (or given up). */
  settled(): Promise<void> {
    return this.queue;
  }

  private tell(report: PrinterReport, { again = false } = {}): void {
    this.queue = this.queue.then(async () => {
      const text = JSON.stringify(report);
      if ((!again && text === this.said) || !this.options.linkUp()) return;
      try {
        const answer = await this.options.send(report);
        if (answer.ok) this.said = text;
        else this.options.logger.warn('the server did not take this terminal’s printer report', { error: answer.error.message });
      } catch (error) {
        this.options.logger.warn('the printer report could not be sent', { error: toAppError(error) });
      }
    });
  }
}
