import { createServer, type Server, type Socket } from 'node:net';

/** A network printer (raw TCP, like port 9100) that records every job's bytes; it can be switched off or stall. */
export interface FakePrinter {
  port: number;
  jobs: Buffer[];
  /** Stops listening (the printer is off or unplugged: a connection is refused); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * Takes connections but reads nothing more (a printer out of paper stops draining its buffer):
   * a sender waits until its time runs out. `resume` reads again.
   */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

/** How many times a job cuts the paper (ESC/POS GS V). */
export function cutsIn(job: Buffer): number {
  return job.toString('latin1').split('\x1dV').length - 1;
}

export async function startFakePrinter(port = 0): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let bound = port;
  let stalled = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        if (stalled) socket.pause();
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
    stall: () => {
      stalled = true;
      for (const s of sockets) s.pause();
    },
    resume: () => {
      stalled = false;
      for (const s of sockets) s.resume();
    },
    close: stop,
  };
}
