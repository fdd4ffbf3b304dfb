import type { ErrorInfo } from '../../src-shared/errors';
import type { PrintStatus } from '../../src-shared/ipc/channels/print';
import type { Bridge } from '../../src-shared/ipc/contract';
import type { OrderTicket, PaperWidth, PrinterEncoding, PrinterSettings } from '../../src-shared/settings';

/** The printers' state (the top bar's light), reprints, test pages and previews. */
export class PrintState {
  #status = $state<PrintStatus>({ printers: [] });
  #lastError = $state<ErrorInfo | null>(null);

  constructor(private readonly bridge: Bridge) {
    bridge.on('print:changed', (status) => (this.#status = status));
  }

  get status(): PrintStatus {
    return this.#status;
  }
  /** Printers that failed their last try. */
  get failing(): PrintStatus['printers'] {
    return this.#status.printers.filter((p) => p.state === 'error');
  }
  get lastError(): ErrorInfo | null {
    return this.#lastError;
  }

  async load(): Promise<void> {
    const result = await this.bridge['print:status']({});
    if (result.ok) this.#status = result.value;
  }

  /** Queues the order's tickets again; the number queued, or null with `lastError` set. */
  async reprint(orderId: string, tickets?: OrderTicket[]): Promise<number | null> {
    const result = await this.bridge['print:order']({ orderId, ...(tickets ? { tickets } : {}) });
    this.#lastError = result.ok ? null : result.error;
    return result.ok ? result.value.queued : null;
  }

  /** Prints a test page now; the error, or null once the printer took it. */
  async test(printer: PrinterSettings): Promise<ErrorInfo | null> {
    const result = await this.bridge['print:test']({ printer });
    return result.ok ? null : result.error;
  }

  async preview(ticket: 'kitchen' | 'customer' | 'cancellation', width: PaperWidth, encoding: PrinterEncoding): Promise<string | null> {
    const result = await this.bridge['print:preview']({ ticket, width, encoding });
    return result.ok ? result.value.svg : null;
  }

  async systemPrinters(): Promise<string[]> {
    const result = await this.bridge['print:systemPrinters']({});
    return result.ok ? result.value.names : [];
  }
}
