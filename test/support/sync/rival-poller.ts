import { setTimeout as delay } from 'node:timers/promises';
import type { RawHttp } from '../sandbox/sandbox';

/**
 * A second terminal reading the same credential's events (the split-queue trap): it polls the
 * sandbox often and acknowledges everything it gets, as a second Store Terminal on the same account
 * would. Whatever it acknowledges, the platform never hands to the terminal under test.
 */
export function startRivalPoller(
  http: RawHttp,
  options: { clientId?: string; clientSecret?: string; everyMs?: number } = {},
): { taken: string[]; stop(): Promise<void> } {
  const taken: string[] = [];
  let running = true;
  const loop = (async () => {
    const token = await http.token(options.clientId ?? 'demo', options.clientSecret ?? 'demo-secret');
    while (running) {
      const polled = await http.send('GET', '/order/v1.0/orders:polling', { token });
      const events = polled.status === 200 ? (polled.body as { events: { id: string; orderId: string }[] }).events : [];
      if (events.length > 0) {
        await http.send('POST', '/order/v1.0/orders:acknowledgment', { token, json: { acknowledgedEventIds: events.map((e) => e.id) } });
        taken.push(...events.map((e) => e.orderId));
      }
      await delay(options.everyMs ?? 50);
    }
  })();
  return {
    taken,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
