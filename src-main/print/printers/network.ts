import { connect, type LookupFunction } from 'node:net';
import { PrinterError, faultOfSocketError } from './printer-error';

/** How long a printer has to take a ticket before it counts as unreachable. */
export const PRINTER_TIMEOUT_MS = 8_000;

/**
 * Sends raw ESC/POS bytes to a network printer (TCP, port 9100 by default) and resolves once the
 * connection took them all (raw port 9100 sends no receipt back); an unreachable, refusing or silent
 * printer rejects with a PrinterError saying which (refused, timeout, unknown host, ...).
 */
export function sendToNetworkPrinter(
  target: { host: string; port: number },
  bytes: Buffer,
  {
    timeoutMs = PRINTER_TIMEOUT_MS,
    lookup,
  }: { timeoutMs?: number; /** How names are found (tests answer without a DNS server). */ lookup?: LookupFunction } = {},
): Promise<void> {
  const host = target.host.replace(/^\[|\]$/g, '');
  const where = `printer ${target.host}:${target.port}`;
  return new Promise((resolve, reject) => {
    let settled = false;
    const socket = connect({ host, port: target.port, ...(lookup ? { lookup } : {}) });
    const done = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    // A printer out of paper stops reading: the bytes never drain, and that is a silent printer too.
    const timer = setTimeout(() => done(new PrinterError('timeout', `${where}: no answer in ${timeoutMs / 1000} s`)), timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(new PrinterError(faultOfSocketError(error.code), `${where}: ${error.message}`, { cause: error })),
    );
    socket.once('connect', () => {
      socket.end(bytes, () => done());
    });
    // A printer may also close first once it has the job; data it sends back (status) is ignored.
    socket.on('data', () => {});
  });
}
