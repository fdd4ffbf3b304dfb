/**
 * `npm run bench -- client`: requests per second and latency of the app's API client against the
 * sandbox on loopback, compared in the same run with a bare undici loop to the same route,
 * GET /merchant/v1.0/merchants/{id}, at 200 concurrent requests.
 *
 * The client runs whole: bearer token from the token manager, the rate limiter (its budget raised
 * 10000x so it never binds; the run checks nobody waited), the retry wrapper, and the zod schema
 * of the store detail. The bare loop sends the same request with a fixed token on an undici Agent
 * of the same size and parses the same JSON. The sandbox runs in its own process with rate limits
 * off, so neither side shares its event loop. After a warm-up the sides alternate in short rounds
 * (pairs, the order flipping each time) so that load from elsewhere on the machine falls on both.
 *
 * overhead = median over the pairs of (bare_rps / client_rps) - 1: the extra time per request, in
 * percent. Also the bench process's CPU time per request on each side, which shows the client's own
 * cost even when the server is the bottleneck.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { createMarketplaceApi } from '../src-main/api/index';
import { createTransport } from '../src-main/api/transport';
import { centralizedTokens } from '../src-main/auth/centralized';
import { MemoryCredentialStore } from '../src-main/auth/credentials/credential-store';
import { systemClock } from '../src-main/base/clock';
import { silentLogger } from '../src-main/base/log';
import type { Benchmark } from './run';
import { startSandboxProcess } from './sandbox-process';

const STORE_ID = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const PATH = `/merchant/v1.0/merchants/${STORE_ID}`;
const CONCURRENCY = 200;
const CONNECTIONS = 64;
const WARMUP_MS = 1_500;
const ROUND_MS = 1_000;
const PAIRS = 12;

interface Tally {
  requests: number;
  failures: number;
  latencies: number[];
  ms: number;
  cpuUs: number;
}

const tally = (): Tally => ({ requests: 0, failures: 0, latencies: [], ms: 0, cpuUs: 0 });

/** `CONCURRENCY` workers send one request after another for `ms`. */
async function round(send: () => Promise<unknown>, ms: number, into: Tally): Promise<void> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const until = start + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        await send();
        into.latencies.push(performance.now() - t);
        into.requests++;
      } catch {
        into.failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  into.ms += performance.now() - start;
  const used = process.cpuUsage(cpu);
  into.cpuUs += used.user + used.system;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const bench: Benchmark = {
  async run() {
    console.log('starting the sandbox (rate limits off) in its own process');
    const { child, url } = await startSandboxProcess();
    const origin = new URL(url).origin;
    const transport = createTransport(url, { connections: CONNECTIONS });
    const bareAgent = new Agent({ keepAliveTimeout: 30_000, connections: CONNECTIONS, connect: { timeout: 10_000 } });
    try {
      const factory = createMarketplaceApi({ transport, clock: systemClock, logger: silentLogger, limitFactor: 10_000 });
      const tokens = await centralizedTokens({
        endpoint: factory.authentication,
        clock: systemClock,
        store: new MemoryCredentialStore(),
        logger: silentLogger,
        clientId: 'demo',
        clientSecret: 'demo-secret',
      });
      const api = factory.withTokens(tokens);
      const bareToken = (await factory.authentication.requestToken({ grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' }))
        .access_token;

      const viaClient = (): Promise<unknown> => api.merchant.getStore(STORE_ID);
      const viaBare = async (): Promise<unknown> => {
        const response = await bareAgent.request({
          origin,
          path: PATH,
          method: 'GET',
          headers: { accept: 'application/json', authorization: `Bearer ${bareToken}` },
        });
        const body = (await response.body.json()) as { id?: string };
        if (response.statusCode !== 200 || body.id !== STORE_ID) throw new Error(`bare: ${response.statusCode}`);
        return body;
      };

      let maxWaiting = 0;
      const watch = setInterval(() => (maxWaiting = Math.max(maxWaiting, api.limiter.waiting)), 5);

      console.log(`  warming up both sides (${WARMUP_MS} ms each, ${CONCURRENCY} concurrent)`);
      await round(viaBare, WARMUP_MS, tally());
      await round(viaClient, WARMUP_MS, tally());
      const bare = tally();
      const client = tally();
      const ratios: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const b = tally();
        const c = tally();
        const order: [() => Promise<unknown>, Tally][] =
          i % 2 === 0
            ? [
                [viaBare, b],
                [viaClient, c],
              ]
            : [
                [viaClient, c],
                [viaBare, b],
              ];
        for (const [send, into] of order) await round(send, ROUND_MS, into);
        ratios.push(b.requests / b.ms / (c.requests / c.ms));
        for (const [from, to] of [
          [b, bare],
          [c, client],
        ] as const) {
          to.requests += from.requests;
          to.failures += from.failures;
          to.ms += from.ms;
          to.cpuUs += from.cpuUs;
          for (const l of from.latencies) to.latencies.push(l);
        }
        console.log(`  pair ${i + 1}/${PAIRS}: bare ${Math.round(b.requests / (b.ms / 1000))} req/s, client ${Math.round(c.requests / (c.ms / 1000))} req/s`);
      }
      clearInterval(watch);

      if (bare.failures + client.failures > 0) throw new Error(`failed requests: bare ${bare.failures}, client ${client.failures}`);
      if (maxWaiting > 0) throw new Error(`the limiter bound (${maxWaiting} callers waited): raise its budget`);
      const bareRps = bare.requests / (bare.ms / 1000);
      const clientRps = client.requests / (client.ms / 1000);
      const bareSorted = bare.latencies.sort((a, b) => a - b);
      const clientSorted = client.latencies.sort((a, b) => a - b);
      const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] as number;
      return {
        overhead: `${((median - 1) * 100).toFixed(1)}%`,
        client_rps: Math.round(clientRps),
        bare_rps: Math.round(bareRps),
        client_p50_ms: percentile(clientSorted, 50),
        client_p99_ms: percentile(clientSorted, 99),
        bare_p50_ms: percentile(bareSorted, 50),
        bare_p99_ms: percentile(bareSorted, 99),
        client_cpu_us_per_req: client.cpuUs / client.requests,
        bare_cpu_us_per_req: bare.cpuUs / bare.requests,
        concurrency: CONCURRENCY,
        limiter_waits: maxWaiting,
      };
    } finally {
      await transport.close();
      await bareAgent.close();
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  },
};

export default bench;
