import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type {
  ActInput,
  BoardRow,
  CancellationReasons,
  OrderDetailView,
  OutboxEntry,
  PickupCodeCheck,
} from '../../src-shared/ipc/channels/orders';
import { bridge } from '../lib/bridge';
import { playChime } from './chime';
import { groupByColumn } from './board-logic';

/**
 * The board as the main process pushes it: read once, then kept current by `orders:changed`
 * (nothing polls). New orders ring and flash until someone opens them.
 */
class OrdersState {
  rows = new SvelteMap<string, BoardRow>();
  loading = $state(false);
  loaded = $state(false);
  error = $state<ErrorInfo | null>(null);
  merchantId = $state<string | null>(null);
  /** Orders that arrived while the board was open and nobody has looked at yet. */
  fresh = new SvelteSet<string>();

  selectedId = $state<string | null>(null);
  detail = $state<OrderDetailView | null>(null);
  detailError = $state<ErrorInfo | null>(null);
  /** The last action error per order, shown on its card until the next try. */
  actionErrors = new SvelteMap<string, ErrorInfo>();

  columns = $derived(groupByColumn([...this.rows.values()].filter((r) => !this.merchantId || r.merchantId === this.merchantId)));

  private subscribed = false;

  subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    bridge.on('orders:changed', ({ rows, actions }) => this.apply(rows, actions));
  }

  async load(merchantId: string | null): Promise<void> {
    this.subscribe();
    this.merchantId = merchantId;
    this.loading = true;
    const result = await bridge['orders:board'](merchantId ? { merchantId } : {});
    this.loading = false;
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = null;
    this.loaded = true;
    this.rows.clear();
    for (const row of result.value.rows) this.rows.set(row.id, row);
  }

  private apply(rows: BoardRow[], actions: OutboxEntry[]): void {
    let rang = false;
    for (const row of rows) {
      const before = this.rows.get(row.id);
      this.rows.set(row.id, row);
      if (!before && row.status === 'PLACED' && this.loaded) {
        this.fresh.add(row.id);
        rang = true;
      }
    }
    if (rang) playChime();
    const touched = new Set([...rows.map((r) => r.id), ...actions.map((a) => a.orderId)]);
    if (this.selectedId && touched.has(this.selectedId)) void this.refreshDetail();
  }

  async open(orderId: string): Promise<void> {
    this.selectedId = orderId;
    this.fresh.delete(orderId);
    this.detail = null;
    await this.refreshDetail();
  }

  close(): void {
    this.selectedId = null;
    this.detail = null;
    this.detailError = null;
  }

  private async refreshDetail(): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    const result = await bridge['orders:detail']({ orderId: id });
    if (this.selectedId !== id) return;
    if (result.ok) {
      this.detail = result.value;
      this.detailError = null;
    } else {
      this.detailError = result.error;
    }
  }

  async act(input: ActInput): Promise<boolean> {
    this.fresh.delete(input.orderId);
    this.actionErrors.delete(input.orderId);
    const result = await bridge['orders:act'](input);
    if (!result.ok) {
      this.actionErrors.set(input.orderId, result.error);
      return false;
    }
    return true;
  }

  async cancellationReasons(orderId: string): Promise<{ ok: true; value: CancellationReasons } | { ok: false; error: ErrorInfo }> {
    return bridge['orders:cancellationReasons']({ orderId });
  }

  async checkPickupCode(orderId: string, code: string): Promise<{ ok: true; value: PickupCodeCheck } | { ok: false; error: ErrorInfo }> {
    return bridge['orders:validatePickupCode']({ orderId, code });
  }
}

export const ordersState = new OrdersState();
