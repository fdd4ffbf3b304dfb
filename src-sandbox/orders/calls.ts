/**
 * The merchant-side calls each order received (GET /_sandbox/orders/{id}/calls): route, time and
 * the status answered, duplicates included, so a test can prove the app sent an action once, or
 * resent it after a lost answer.
 */
export interface OrderCall {
  method: string;
  /** The spec's route name, e.g. `POST /orders/{id}/confirm`. */
  route: string;
  path: string;
  at: string;
  /** Status answered; null when the fault injector dropped the connection without an answer. */
  status: number | null;
  dropped: boolean;
}

export class CallLog {
  private byOrder = new Map<string, OrderCall[]>();

  record(orderId: string, call: OrderCall): void {
    const list = this.byOrder.get(orderId);
    if (list) list.push(call);
    else this.byOrder.set(orderId, [call]);
  }

  of(orderId: string): OrderCall[] {
    return [...(this.byOrder.get(orderId) ?? [])];
  }

  clear(): void {
    this.byOrder.clear();
  }
}
