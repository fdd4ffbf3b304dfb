import type * as ElectronModule from 'electron';
import { PrinterError } from '../../print/printers/printer-error';
import type { SystemPrinter } from '../../print/printers/system';

type Electron = Pick<typeof ElectronModule, 'BrowserWindow'>;

/** A hidden window that shows one ticket image: no script, sandboxed, never on screen. */
function ticketWindow(electron: Electron): ElectronModule.BrowserWindow {
  return new electron.BrowserWindow({
    show: false,
    width: 600,
    height: 800,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, webSecurity: true },
  });
}

/**
 * System printers in the Electron shell, on every OS: the ticket's image is printed silently to the
 * named device (Chromium's print pipeline, no dialog), and the names come from
 * `webContents.getPrintersAsync()`. The web shell uses CUPS instead (`lp -o raw`).
 */
export function electronSystemPrinter(electron: Electron): SystemPrinter {
  return {
    async send(device, ticket) {
      const window = ticketWindow(electron);
      try {
        await window.loadURL(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.svg)}`);
        await new Promise<void>((resolve, reject) =>
          window.webContents.print({ silent: true, deviceName: device, printBackground: true, margins: { marginType: 'none' } }, (printed, reason) =>
            // Chromium names a device it does not know "Invalid deviceName provided"; any other failure keeps its words.
            printed
              ? resolve()
              : reject(new PrinterError(/deviceName/i.test(reason) ? 'no-such-printer' : 'failed', `printer ${device}: ${reason || 'not printed'}`)),
          ),
        );
      } finally {
        window.destroy();
      }
    },
    async list() {
      const window = ticketWindow(electron);
      try {
        return (await window.webContents.getPrintersAsync()).map((p) => p.name);
      } finally {
        window.destroy();
      }
    },
  };
}
