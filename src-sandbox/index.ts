import type { AddressInfo } from 'node:net';
import { createSandboxServer, type SandboxRoute, type SandboxServerOptions } from './server';
import type { World } from './world';

export interface SandboxOptions extends SandboxServerOptions {
  port?: number;
  host?: string;
}

export interface RunningSandbox {
  /** Base URL of the API, e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  world: World;
  /** Every route the server answers (filled once the server is ready). */
  routes: readonly SandboxRoute[];
  close(): Promise<void>;
}

/** Starts the sandbox on loopback (port 0 picks a free one). */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { app, ctx, routes } = createSandboxServer(options);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    world: ctx.world,
    routes,
    close: () => app.close(),
  };
}

export { createSandboxServer, type SandboxRoute } from './server';
export { World } from './world';
export * from './seed/stores';
