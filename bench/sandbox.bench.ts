/**
 * `npm run bench -- sandbox`: the sandbox's throughput on the two hottest routes a terminal fleet
 * would hit, GET /merchant/v1.0/merchants/{id}/status and GET /order/v1.0/orders:polling, against
 * 20x their documented per-route limits (status 20000/min, polling 6000/min). The sandbox runs in
 * its own process with rate limits off (as `npm run sandbox -- --no-rate-limits` would), so the
 * load generator (autocannon) does not share its event loop. Baseline: the 20x figure itself.
 */
import { once } from 'node:events';
import autocannon from 'autocannon';
import { request } from 'undici';
import type { Benchmark } from './run';
import { startSandboxProcess } from './sandbox-process';

const DEMO_RESTAURANT_ID = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const DEMO_STORES = [DEMO_RESTAURANT_ID, '7b2e9d41-3c5a-4f68-8d1e-2f3a4b5c6d72', '9c3f0e52-4d6b-4a79-9e2f-3a4b5c6d7e83'];
const SECONDS = 8;
const CONNECTIONS = 32;
const PENDING_EVENTS = 20;

async function json(url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<unknown> {
  const response = await request(url, init);
  const body = await response.body.json();
  if (response.statusCode >= 300) throw new Error(`${init.method} ${url}: ${response.statusCode} ${JSON.stringify(body)}`);
  return body;
}

async function load(title: string, url: string, token: string): Promise<number> {
  console.log(`  ${title}: warming up, then ${SECONDS} s with ${CONNECTIONS} connections`);
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${title}: ${failed} failed requests (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  const rps = result.requests.average;
  console.log(`  ${title}: ${Math.round(rps)} req/s, p99 latency ${result.latency.p99} ms`);
  return rps;
}

const bench: Benchmark = {
  async run() {
    console.log('starting the sandbox (rate limits off) in its own process');
    const { child, url } = await startSandboxProcess();
    try {
      const token = (
        (await json(`${url}/authentication/v1.0/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' }),
        })) as { access_token: string }
      ).access_token;
      // Polls hand out real events: a few orders' PLACED events stay unacknowledged.
      for (let i = 0; i < PENDING_EVENTS; i++) {
        await json(`${url}/_sandbox/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ merchantId: DEMO_STORES[i % DEMO_STORES.length] }),
        });
      }
      const statusRps = await load('status', `${url}/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/status`, token);
      const pollingRps = await load('polling', `${url}/order/v1.0/orders:polling`, token);
      const status20x = (20 * 20_000) / 60;
      const polling20x = (20 * 6_000) / 60;
      return {
        status_ratio_vs_20x: statusRps / status20x,
        polling_ratio_vs_20x: pollingRps / polling20x,
        status_rps: Math.round(statusRps),
        polling_rps: Math.round(pollingRps),
        status_20x_rps: Math.round(status20x),
        polling_20x_rps: Math.round(polling20x),
      };
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  },
};

export default bench;
