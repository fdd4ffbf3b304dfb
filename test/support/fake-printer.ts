import { createServer, type Server, type Socket } from 'node:net';

/** A network printer (raw TCP, like port 9100) that records every job's bytes; it can be switched off. */
export interface FakePrinter {
  port: number;
  jobs: Buffer[];
  /** Stops listening (the printer is off or unplugged); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakePrinter(port = 0): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let bound = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (d: Buffer) => chunks.push(d));
        socket.on('end', () => {
          jobs.push(Buffer.concat(chunks));
          socket.end();
        });
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      });
      server.once('error', reject);
      server.listen(bound, '127.0.0.1', () => {
        bound = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    get port() {
      return bound;
    },
    jobs,
    stop,
    start: listen,
    close: stop,
  };
}
