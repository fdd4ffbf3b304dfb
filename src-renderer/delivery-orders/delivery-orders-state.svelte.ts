import type { DeliveryOnlyView, MerchantQuoteView, SafeDeliveryView, ShippingCancelReasonView } from '../../src-shared/ipc/channels/delivery-orders';
import type { DeliveryAddressDraft, DeliveryOrderDraft } from '../../src-shared/store-rules/delivery-order';
import type { StoreActionEntry } from '../../src-shared/ipc/channels/store-actions';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import type { StoreActionsState } from '../store-actions/store-actions-state.svelte';

/** What the delivery-only panel's last action did: its kind, and whether it waits in the store outbox. */
export interface DeliveryDone {
  action: 'addressConfirmed' | 'changeSent' | 'cancelled';
  queued: boolean;
}

/**
 * The delivery-only side of one order opened in the drawer (an order the store registered for a
 * platform driver): the registration, the safety check, address changes and the cancellation. Its
 * calls go one at a time; the last one's failure is shown.
 */
export class DeliveryOnlyOrder {
  #registered = $state<DeliveryOnlyView | null>(null);
  #safety = $state<SafeDeliveryView | null>(null);
  #reasons = $state<ShippingCancelReasonView[] | null>(null);
  #done = $state<DeliveryDone | null>(null);
  /** Whether the order is a registered delivery-only one: a failed read shows no panel, as before. */
  readonly #registration = new Read();
  readonly calls = new Read();

  constructor(
    readonly orderId: string,
    private readonly bridge: Bridge,
    private readonly storeActions: Pick<StoreActionsState, 'remember'>,
  ) {}

  get registered(): DeliveryOnlyView | null {
    return this.#registered;
  }
  get safety(): SafeDeliveryView | null {
    return this.#safety;
  }
  get reasons(): ShippingCancelReasonView[] | null {
    return this.#reasons;
  }
  get done(): DeliveryDone | null {
    return this.#done;
  }

  async load(): Promise<void> {
    this.#registered = (await this.#registration.run(() => this.bridge['deliveryOrders:get']({ orderId: this.orderId }))) ?? null;
  }

  async checkSafety(): Promise<void> {
    this.#safety = (await this.run(() => this.bridge['deliveryOrders:safety']({ orderId: this.orderId }))) ?? this.#safety;
  }

  confirmAddress(): Promise<boolean> {
    return this.act('addressConfirmed', () => this.bridge['deliveryOrders:confirmAddress']({ orderId: this.orderId }));
  }

  changeAddress(address: DeliveryAddressDraft): Promise<boolean> {
    return this.act('changeSent', () => this.bridge['deliveryOrders:changeAddress']({ orderId: this.orderId, address }));
  }

  async loadReasons(): Promise<void> {
    this.#reasons = (await this.run(() => this.bridge['deliveryOrders:cancellationReasons']({ orderId: this.orderId }))) ?? null;
  }

  cancel(code: number, reason: string): Promise<boolean> {
    return this.act('cancelled', () => this.bridge['deliveryOrders:cancel']({ orderId: this.orderId, code, reason }));
  }

  private run<T>(call: () => Promise<IpcResult<T>>): Promise<T | undefined> {
    this.#done = null;
    return this.calls.run(call);
  }

  /** An action through the store outbox: done at once, or queued (then listed with the pending actions). */
  private async act(action: DeliveryDone['action'], call: () => Promise<IpcResult<StoreActionEntry>>): Promise<boolean> {
    const entry = await this.run(call);
    if (!entry) return false;
    this.storeActions.remember(entry);
    this.#done = { action, queued: entry.state === 'queued' };
    return true;
  }
}

/**
 * Registering a delivery-only order: the platform's quote for the spot (another spot needs another
 * quote), then the order itself on that quote.
 */
export class DeliveryRegistration {
  #quote = $state<MerchantQuoteView | null>(null);
  /** The spot (as typed) the quote was asked for. */
  #quotedFor = $state('');
  readonly quoteRead = new Read();
  readonly registerRead = new Read();

  constructor(
    readonly merchantId: string,
    private readonly bridge: Bridge,
  ) {}

  get quote(): MerchantQuoteView | null {
    return this.#quote;
  }
  get quotedFor(): string {
    return this.#quotedFor;
  }
  get busy(): boolean {
    return this.quoteRead.loading || this.registerRead.loading;
  }

  async askQuote(spot: string, latitude: number, longitude: number): Promise<void> {
    const quote = await this.quoteRead.run(() => this.bridge['deliveryOrders:quote']({ merchantId: this.merchantId, latitude, longitude }));
    this.#quote = quote ?? null;
    if (quote) this.#quotedFor = spot;
  }

  /** Registers the order on the current quote; answers it, or undefined (then `registerRead.error` says why). */
  register(draft: DeliveryOrderDraft): Promise<DeliveryOnlyView | undefined> {
    const quote = this.#quote;
    if (!quote) return Promise.resolve(undefined);
    return this.registerRead.run(() => this.bridge['deliveryOrders:register']({ merchantId: this.merchantId, draft, quoteId: quote.quoteId }));
  }
}

/** The delivery-only orders: registering one, and the panel of one opened in the drawer. */
export class DeliveryOrdersState {
  constructor(
    private readonly bridge: Bridge,
    private readonly storeActions: Pick<StoreActionsState, 'remember'>,
  ) {}

  /** A fresh panel for an order opened in the drawer (nothing is kept once the drawer closes). */
  order(orderId: string): DeliveryOnlyOrder {
    return new DeliveryOnlyOrder(orderId, this.bridge, this.storeActions);
  }

  /** A fresh registration for the dialog, for this store. */
  registration(merchantId: string): DeliveryRegistration {
    return new DeliveryRegistration(merchantId, this.bridge);
  }
}
