import { PromotionAccepted, PromotionItemsPage, type PromotionItem, type PromotionItemsQuery, type PromotionRequest } from '../../src-shared/wire/promotion';
import type { Clock } from '../base/clock';
import type { ApiClient, CallOptions } from './client';
import { ApiError } from './errors';

const PREFIX = '/promotion/v1.0';
const seg = encodeURIComponent;

export interface PromotionPollOptions extends CallOptions {
  /** Wait after creation before the first query (spec: 2 to 3 s). */
  firstWaitMs?: number;
  /** Wait between queries while items are PROCESSING. */
  intervalMs?: number;
  /** Give up after this long (the items are then returned as they stand). */
  timeoutMs?: number;
  /** Items sent: while none is listed yet, the request is still being taken in. */
  expectedItems?: number;
}

export interface PromotionOutcome {
  aggregationId: string;
  items: PromotionItem[];
  /** Still PROCESSING when the wait ran out. */
  pending: boolean;
}

/** Promotion module (spec §4.2): create (or replace with `reset`), query items, wait for validation. */
export class PromotionApi {
  constructor(
    private readonly client: ApiClient,
    private readonly clock: Clock,
  ) {}

  /**
   * Queues promotions (202). `reset: true` replaces the store's whole promotion set: items absent
   * from the payload go FINISHING then FINISHED; an empty set removes them all.
   */
  create(merchantId: string, request: PromotionRequest, query: { reset?: boolean } = {}, options?: CallOptions): Promise<PromotionAccepted> {
    return this.client.call(
      {
        module: 'promotion',
        method: 'POST',
        route: 'POST /merchants/{merchantId}/promotions',
        path: `${PREFIX}/merchants/${seg(merchantId)}/promotions`,
        ...(query.reset === undefined ? {} : { query: { reset: query.reset } }),
        json: request,
        merchantId,
        schema: PromotionAccepted,
      },
      options,
    );
  }

  /** One page of the items of one creation request (offset/limit, filters). */
  listItems(merchantId: string, aggregationId: string, query: PromotionItemsQuery = {}, options?: CallOptions): Promise<PromotionItemsPage> {
    return this.client.call(
      {
        module: 'promotion',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/promotions/{aggregationId}/items',
        path: `${PREFIX}/merchants/${seg(merchantId)}/promotions/${seg(aggregationId)}/items`,
        query: { ...query },
        merchantId,
        schema: PromotionItemsPage,
      },
      options,
    );
  }

  /** Every item of a creation request, page after page (`pagination.nextOffset`). */
  async allItems(merchantId: string, aggregationId: string, query: Omit<PromotionItemsQuery, 'offset'> = {}, options?: CallOptions): Promise<PromotionItem[]> {
    const items: PromotionItem[] = [];
    let offset = 0;
    for (;;) {
      const page = await this.listItems(merchantId, aggregationId, { ...query, offset }, options);
      items.push(...page.promotions);
      const next = page.pagination?.nextOffset;
      // The last page: nothing more, or a next offset that does not move forward.
      if (page.promotions.length === 0 || next === undefined || next === null || next <= offset) return items;
      offset = next;
    }
  }

  /**
   * The spec's polling strategy: wait 2 to 3 s after creation, query, and while any item is still
   * PROCESSING wait and query again. On ERROR the item's `error` says why (e.g. DISCOUNT_INVALID).
   */
  async waitForProcessing(merchantId: string, aggregationId: string, options: PromotionPollOptions = {}): Promise<PromotionOutcome> {
    const first = options.firstWaitMs ?? 2_500;
    const interval = options.intervalMs ?? 3_000;
    const deadline = this.clock.now() + (options.timeoutMs ?? 5 * 60_000);
    await this.sleep(first, options.signal);
    for (;;) {
      const items = await this.allItems(merchantId, aggregationId, {}, options);
      const unseen = items.length === 0 && (options.expectedItems ?? 0) > 0;
      const pending = unseen || items.some((i) => i.status === 'PROCESSING');
      if (!pending) return { aggregationId, items, pending: false };
      if (this.clock.now() + interval > deadline) return { aggregationId, items, pending: true };
      await this.sleep(interval, options.signal);
    }
  }

  /** create, then waitForProcessing. */
  async createAndWait(
    merchantId: string,
    request: PromotionRequest,
    query: { reset?: boolean } = {},
    options: PromotionPollOptions = {},
  ): Promise<PromotionOutcome> {
    const { aggregationId } = await this.create(merchantId, request, query, options);
    const expectedItems = request.promotions.reduce((n, p) => n + p.items.length, 0);
    return this.waitForProcessing(merchantId, aggregationId, { expectedItems, ...options });
  }

  private async sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.clock.sleep(ms, signal);
    } catch (cause) {
      throw new ApiError('aborted', 'promotion status: cancelled', { route: 'GET /merchants/{merchantId}/promotions/{aggregationId}/items', cause });
    }
  }
}
