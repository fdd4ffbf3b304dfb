import { execFile, spawn } from 'node:child_process';
import { AppError } from '../../../src-shared/errors';

/** A printer the operating system knows, as a shell reaches it. */
export interface SystemPrinter {
  /** Prints one ticket on the named printer (raw ESC/POS, or the SVG image, whichever the shell sends). */
  send(device: string, ticket: { bytes: Buffer; svg: string }): Promise<void>;
  /** The printers' names. */
  list(): Promise<string[]>;
}

/** CUPS: the web shell's system printers (Linux, macOS). */
export const cupsSystemPrinter: SystemPrinter = {
  send: (device, ticket) => sendToSystemPrinter(device, ticket.bytes),
  list: () => listSystemPrinters(),
};

/**
 * A printer the operating system knows (CUPS on Linux and macOS): the ticket goes as raw ESC/POS
 * through `lp -d NAME -o raw`; the names come from `lpstat -e`. The name was checked against a
 * strict pattern (settings) and is passed as one argument, never through a shell.
 */
export function sendToSystemPrinter(device: string, bytes: Buffer, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('lp', ['-d', device, '-o', 'raw', '-t', 'Store Terminal'], { stdio: ['pipe', 'ignore', 'pipe'], timeout: timeoutMs });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    child.once('error', (error) => reject(new AppError('connection', `printer ${device}: ${error.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new AppError('connection', `printer ${device}: lp exited with ${code} ${stderr.trim().slice(0, 200)}`))));
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
  });
}

/** The system's printer names (empty where there is no CUPS). */
export function listSystemPrinters(): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('lpstat', ['-e'], { timeout: 5_000 }, (error, stdout) => {
      if (error) return resolve([]);
      resolve(
        stdout
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => /^[\w.@-]{1,128}$/.test(l)),
      );
    });
  });
}
