import type { HistoryPage, HistoryQuery } from '../../src-shared/ipc/channels/history';
import type { BoardRow, OrderStatus } from '../../src-shared/ipc/channels/orders';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import { dayRange } from './day';

export interface HistoryFilters {
  text: string;
  merchantId: string;
  status: OrderStatus | '';
  orderType: NonNullable<HistoryQuery['orderType']> | '';
  /** `YYYY-MM-DD`, local days, inclusive; empty for no bound. */
  fromDay: string;
  toDay: string;
}

const PAGE = 50;
/** Typing waits this long before searching, so each key is not a query. */
const TYPING_MS = 250;

/** The history screen: filters, the pages read so far, the next page on demand. */
export class HistoryState {
  /** The section on screen (kept while other pages are open). */
  tab = $state<'orders' | 'summary'>('orders');
  filters = $state<HistoryFilters>({ text: '', merchantId: '', status: '', orderType: '', fromDay: '', toDay: '' });
  #rows = $state.raw<BoardRow[]>([]);
  #next = $state<string | null>(null);
  #lastActs = $state.raw<HistoryPage['lastActs']>({});
  readonly read = new Read();
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly bridge: Bridge) {}

  get rows(): BoardRow[] {
    return this.#rows;
  }
  /** Who last acted on each order read so far (docs/staff.md), by order id. */
  get lastActs(): HistoryPage['lastActs'] {
    return this.#lastActs;
  }
  get hasMore(): boolean {
    return this.#next !== null;
  }

  /** The query for the filters as they are (a bad date is left out rather than refused). */
  query(cursor?: string): HistoryQuery {
    const f = this.filters;
    const from = f.fromDay ? dayRange(f.fromDay)?.from : undefined;
    const to = f.toDay ? dayRange(f.toDay)?.to : undefined;
    return {
      limit: PAGE,
      ...(f.text.trim() ? { text: f.text.trim().slice(0, 64) } : {}),
      ...(f.merchantId ? { merchantId: f.merchantId } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.orderType ? { orderType: f.orderType } : {}),
      ...(from ? { from: from.toISOString() } : {}),
      ...(to ? { to: to.toISOString() } : {}),
      ...(cursor ? { cursor } : {}),
    };
  }

  /** Searches again from the first page (after typing: once the typing pauses). */
  search(options: { typing?: boolean } = {}): void {
    clearTimeout(this.#timer);
    if (options.typing) this.#timer = setTimeout(() => void this.first(), TYPING_MS);
    else void this.first();
  }

  private async first(): Promise<void> {
    const generation = ++this.#generation;
    const page = await this.read.run(() => this.bridge['history:list'](this.query()));
    if (!page || generation !== this.#generation) return;
    this.#rows = page.rows;
    this.#lastActs = page.lastActs;
    this.#next = page.next;
  }

  async more(): Promise<void> {
    const cursor = this.#next;
    if (!cursor || this.read.loading) return;
    const generation = this.#generation;
    const page = await this.read.run(() => this.bridge['history:list'](this.query(cursor)));
    if (!page || generation !== this.#generation) return;
    this.#rows = [...this.#rows, ...page.rows];
    this.#lastActs = { ...this.#lastActs, ...page.lastActs };
    this.#next = page.next;
  }
}
