import { join } from 'node:path';
import type { ActInput, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/settings';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { ScreenOutboxDb } from '../../db/screen-outbox/screen-outbox-db';
import type { SystemPrinter } from '../../print/printers/system';
import type { RemoteEndpoint } from '../link/remote-endpoint';
import { PrinterReporter } from '../screen-print/printer-report';
import { ScreenPrinting, type ScreenPrintingOptions } from '../screen-print/screen-printing';
import { ScreenOutbox, type ScreenOutboxOptions } from './screen-outbox';

export interface KeptOnScreenOptions {
  /** The terminal's own folder: the file is kept there. */
  dataDir: string;
  clock: Clock;
  logger: Logger;
  /** The screen's own settings (its printers). */
  settings(): Settings;
  /** An action changed on this screen (queued, refused): its windows hear it. */
  changed: ScreenOutboxOptions['changed'];
  /** A store lever changed on this screen (waiting, taken, refused): its windows hear it. */
  leverChanged: ScreenOutboxOptions['leverChanged'];
  /** The print queue's state changed: the windows hear it. */
  printStatus: ScreenPrintingOptions['onStatus'];
  /** The waiting actions' timings (tests). */
  outbox?: Pick<ScreenOutboxOptions, 'backoff' | 'answerWithinMs'> | undefined;
  systemPrinter?: SystemPrinter | undefined;
  /** How tickets reach a printer (tests replace it). */
  printing?: Pick<ScreenPrintingOptions, 'send'> | undefined;
}

/**
 * What a screen of a chain's server keeps on its own disk (its own file in the terminal's folder):
 * the actions made while the server is out of reach (hub/screen-queue) and its own print queue
 * (hub/screen-print). Opened once the pairing or a connection says the hub is a server — a screen of
 * a store's hub never writes it, nor prints — and kept open to the end, so what waits goes even if
 * the hub later says otherwise.
 */
export class KeptOnScreen {
  outbox: ScreenOutbox | null = null;
  printing: ScreenPrinting | null = null;
  private db: ScreenOutboxDb | null = null;
  private failed = false;
  private stopReports: (() => void) | null = null;

  constructor(
    private readonly hubId: string,
    private readonly endpoint: RemoteEndpoint,
    private readonly options: KeptOnScreenOptions,
  ) {}

  open(): void {
    if (this.outbox || this.failed) return;
    const { clock, logger } = this.options;
    try {
      this.db = ScreenOutboxDb.open(this.options.dataDir);
    } catch (error) {
      // Without its file the screen still works with the link up: an action made while it is down answers `connection`, as a store's screen does.
      this.failed = true;
      logger.error('the screen outbox cannot be opened: actions made while the server is out of reach are not kept', { error });
      return;
    }
    const endpoint = this.endpoint;
    this.outbox = new ScreenOutbox({
      db: this.db,
      hubId: this.hubId,
      send: (input: ActInput) => endpoint.invoke('orders:act', input) as Promise<IpcResult<OutboxEntry>>,
      linkUp: () => endpoint.link().state === 'connected',
      reconnects: { onReconnect: (listener) => endpoint.onLink((state) => state.state === 'connected' && listener()) },
      changed: this.options.changed,
      invoke: (channel, input) => endpoint.invoke(channel, input),
      leverChanged: this.options.leverChanged,
      clock,
      logger: logger.child({ room: 'screen-outbox' }),
      ...this.options.outbox,
    });
    this.outbox.start();
    // The server hears this terminal's printers' states (the console's "printer out"): at each change and each connection.
    const reporter = new PrinterReporter({
      send: (report) => endpoint.invoke('print:report', report),
      linkUp: () => endpoint.link().state === 'connected',
      logger: logger.child({ room: 'screen-print' }),
    });
    const printing = new ScreenPrinting({
      db: this.db,
      hubId: this.hubId,
      ask: (channel, input) => endpoint.invoke(channel, input),
      linkUp: () => endpoint.link().state === 'connected',
      settings: this.options.settings,
      ticketsDir: join(this.options.dataDir, 'tickets'),
      clock,
      logger: logger.child({ room: 'screen-print' }),
      onStatus: (status) => {
        this.options.printStatus(status);
        reporter.changed(status);
      },
      ...(this.options.systemPrinter ? { system: this.options.systemPrinter } : {}),
      ...this.options.printing,
    });
    this.printing = printing;
    this.stopReports = endpoint.onLink((state) => state.state === 'connected' && reporter.connected(printing.status()));
    if (endpoint.link().state === 'connected') reporter.connected(printing.status());
    printing.start();
  }

  async close(): Promise<void> {
    this.stopReports?.();
    this.stopReports = null;
    await this.printing?.stop();
    this.printing = null;
    await this.outbox?.stop();
    this.outbox = null;
    this.db?.close();
    this.db = null;
  }
}
