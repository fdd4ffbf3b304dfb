import { z } from 'zod';
import { ACKNOWLEDGMENT_CHUNK, PollingEnvelope } from '../../src-shared/wire/events';
import type { ApiClient, CallOptions } from './client';

/**
 * Events (spec §6): pulled, then acknowledged. The order module serves them at
 * `/order/v1.0/orders:polling` and `orders:acknowledgment`; the limits table also names the events
 * module's `GET /events:polling` and `POST /events/acknowledgment`, served under `/events/v1.0`
 * with the same shapes, the same limits (a budget of their own), and order-module error bodies.
 */

/** No content (204) means no events. */
const Polling = z.union([PollingEnvelope, z.undefined()]);

export interface EventRoutes {
  poll: { route: string; path: string };
  acknowledge: { route: string; path: string };
}

export const ORDER_EVENT_ROUTES: EventRoutes = {
  poll: { route: 'GET /orders:polling', path: '/order/v1.0/orders:polling' },
  acknowledge: { route: 'POST /orders:acknowledgment', path: '/order/v1.0/orders:acknowledgment' },
};

export const EVENTS_MODULE_ROUTES: EventRoutes = {
  poll: { route: 'GET /events:polling', path: '/events/v1.0/events:polling' },
  acknowledge: { route: 'POST /events/acknowledgment', path: '/events/v1.0/events/acknowledgment' },
};

/** Polling and acknowledgment over one pair of routes. */
export class EventsApi {
  constructor(
    private readonly client: ApiClient,
    private readonly routes: EventRoutes = EVENTS_MODULE_ROUTES,
  ) {}

  /**
   * The polled events as they came: the envelope is checked here, each event is read by its consumer
   * with `readOrderEvent` (src-shared/wire/events), so a new field or code never fails a poll.
   */
  async poll(query: { limit?: number } = {}, options?: CallOptions): Promise<unknown[]> {
    const { route, path } = this.routes.poll;
    const body = await this.client.call({ module: 'order', method: 'GET', route, path, query, expect: [200, 204], schema: Polling }, options);
    return body?.events ?? [];
  }

  /** Only successfully processed events are acknowledged; the others come back on the next poll. */
  async acknowledge(eventIds: readonly string[], options?: CallOptions): Promise<void> {
    const { route, path } = this.routes.acknowledge;
    for (let i = 0; i < eventIds.length; i += ACKNOWLEDGMENT_CHUNK) {
      const acknowledgedEventIds = eventIds.slice(i, i + ACKNOWLEDGMENT_CHUNK);
      // Acknowledging twice is harmless.
      await this.client.call({ module: 'order', method: 'POST', route, path, json: { acknowledgedEventIds }, idempotent: true }, options);
    }
  }
}
