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
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import { groupByColumn } from './board-logic';

/** Plays the new-order sound (Web Audio in the app; a spy in tests). */
export type Chime = () => void;

/**
 * The board as the main process pushes it: read once, then kept current by `orders:changed`
 * (nothing polls). New orders ring and flash until someone opens them.
 */
export class OrdersState {
  readonly #rows = new SvelteMap<string, BoardRow>();
  /** The read of the board: loading, loaded, its last failure. */
  readonly boardRead = new Read();
  #merchantId = $state<string | null>(null);
  readonly #fresh = new SvelteSet<string>();
  #selectedId = $state<string | null>(null);
  #detail = $state<OrderDetailView | null>(null);
  #detailError = $state<ErrorInfo | null>(null);
  readonly #actionErrors = new SvelteMap<string, ErrorInfo>();
  #subscribed = false;

  readonly columns = $derived(groupByColumn([...this.#rows.values()].filter((r) => !this.#merchantId || r.merchantId === this.#merchantId)));

  constructor(
    private readonly bridge: Bridge,
    private readonly chime: Chime,
  ) {}

  /** The store whose orders are on the board, or null for every store. */
  get merchantId(): string | null {
    return this.#merchantId;
  }
  row(orderId: string): BoardRow | undefined {
    return this.#rows.get(orderId);
  }
  /** Arrived while the board was open and nobody has looked at it yet. */
  isFresh(orderId: string): boolean {
    return this.#fresh.has(orderId);
  }
  get selectedId(): string | null {
    return this.#selectedId;
  }
  get detail(): OrderDetailView | null {
    return this.#detail;
  }
  get detailError(): ErrorInfo | null {
    return this.#detailError;
  }
  /** The last action error of an order, shown on its card until the next try. */
  actionErrorOf(orderId: string): ErrorInfo | undefined {
    return this.#actionErrors.get(orderId);
  }

  async load(merchantId: string | null): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('orders:changed', ({ rows, actions }) => this.apply(rows, actions));
    }
    this.#merchantId = merchantId;
    const board = await this.boardRead.run(() => this.bridge['orders:board'](merchantId ? { merchantId } : {}));
    if (!board) return;
    this.#rows.clear();
    for (const row of board.rows) this.#rows.set(row.id, row);
  }

  private apply(rows: BoardRow[], actions: OutboxEntry[]): void {
    let rang = false;
    for (const row of rows) {
      const before = this.#rows.get(row.id);
      this.#rows.set(row.id, row);
      if (!before && row.status === 'PLACED' && this.boardRead.loaded) {
        this.#fresh.add(row.id);
        rang = true;
      }
    }
    if (rang) this.chime();
    const open = this.#selectedId;
    if (open && (rows.some((r) => r.id === open) || actions.some((a) => a.orderId === open))) void this.refreshDetail();
  }

  async open(orderId: string): Promise<void> {
    this.#selectedId = orderId;
    this.#fresh.delete(orderId);
    this.#detail = null;
    await this.refreshDetail();
  }

  close(): void {
    this.#selectedId = null;
    this.#detail = null;
    this.#detailError = null;
  }

  private async refreshDetail(): Promise<void> {
    const id = this.#selectedId;
    if (!id) return;
    const result = await this.bridge['orders:detail']({ orderId: id });
    if (this.#selectedId !== id) return;
    if (result.ok) {
      this.#detail = result.value;
      this.#detailError = null;
    } else {
      this.#detailError = result.error;
    }
  }

  async act(input: ActInput): Promise<boolean> {
    this.#fresh.delete(input.orderId);
    this.#actionErrors.delete(input.orderId);
    const result = await this.bridge['orders:act'](input);
    if (!result.ok) {
      this.#actionErrors.set(input.orderId, result.error);
      return false;
    }
    return true;
  }

  cancellationReasons(orderId: string): Promise<IpcResult<CancellationReasons>> {
    return this.bridge['orders:cancellationReasons']({ orderId });
  }

  checkPickupCode(orderId: string, code: string): Promise<IpcResult<PickupCodeCheck>> {
    return this.bridge['orders:validatePickupCode']({ orderId, code });
  }
}
