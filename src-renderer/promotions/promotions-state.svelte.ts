import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { PromotedLine, PromotionView } from '../../src-shared/ipc/channels/promotions';
import type { Bridge } from '../../src-shared/ipc/contract';
import type { PromotionDraft } from '../../src-shared/store-rules/promotion';
import { KeyedReads, Read } from '../lib/reads.svelte';

const NO_LINES: Readonly<Record<string, PromotedLine>> = Object.freeze({});

/**
 * The promotions this terminal created, per store, kept current by `promotions:changed` (the main
 * process follows each one's validation). Opening the screen lists them as last read, then reads
 * again those whose status may still move; a failed read keeps the list and says why.
 */
export class PromotionsState {
  readonly #views = new SvelteMap<number, PromotionView>();
  /** The list as last read, then the platform's statuses read again: the screen says why either failed. */
  readonly #list = new Read();
  readonly #refresh = new Read();
  #subscribed = false;
  /** The lines of an order a store promotion reached (virtual bag), by order and line's unique id. */
  readonly #promotedLines = new KeyedReads<Readonly<Record<string, PromotedLine>>>();

  constructor(private readonly bridge: Bridge) {}

  get loadError(): ErrorInfo | null {
    return this.#refresh.error ?? this.#list.error;
  }
  get refreshing(): boolean {
    return this.#refresh.loading;
  }

  of(merchantId: string): PromotionView[] {
    return [...this.#views.values()].filter((v) => v.merchantId === merchantId).sort((a, b) => b.actionId - a.actionId);
  }

  async load(merchantId: string): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('promotions:changed', (view) => this.#views.set(view.actionId, view));
    }
    this.keep((await this.#list.run(() => this.bridge['promotions:list']({ merchantId }))) ?? []);
    this.keep((await this.#refresh.run(() => this.bridge['promotions:refresh']({ merchantId }))) ?? []);
  }

  /** Reads which lines of this order a promotion reached (once per order opened). */
  loadPromotedLines(orderId: string): Promise<void> {
    return this.#promotedLines.load(
      orderId,
      () => this.bridge['promotions:inOrder']({ orderId }),
      (lines) => Object.fromEntries(lines.map((line) => [line.uniqueId, line])),
    );
  }
  /** The order's promoted lines; none while unread or when they cannot be read (the order shows without them). */
  promotedLinesOf(orderId: string): Readonly<Record<string, PromotedLine>> {
    return this.#promotedLines.of(orderId) ?? NO_LINES;
  }

  /** Sends a new promotion; answers its view (done or queued), or the error that stopped it. */
  async create(merchantId: string, draft: PromotionDraft, replaceAll: boolean): Promise<{ view?: PromotionView; error?: ErrorInfo }> {
    const result = await this.bridge['promotions:create']({ merchantId, draft, replaceAll });
    if (!result.ok) return { error: result.error };
    this.#views.set(result.value.actionId, result.value);
    return { view: result.value };
  }

  async endAll(merchantId: string): Promise<ErrorInfo | null> {
    const result = await this.bridge['promotions:endAll']({ merchantId });
    if (!result.ok) return result.error;
    this.#views.set(result.value.actionId, result.value);
    return null;
  }

  private keep(views: readonly PromotionView[]): void {
    for (const view of views) this.#views.set(view.actionId, view);
  }
}
