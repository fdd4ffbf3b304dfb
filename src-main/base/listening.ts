import type { AddressInfo, Server } from 'node:net';

/** Starts `server` listening and resolves with its port (the one chosen when asked for port 0); rejects when it cannot listen. */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Closes an HTTP(S) server now: its open connections (kept-alive ones too) end rather than hold the close. */
export function closeNow(server: Server & { closeAllConnections(): void }): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
