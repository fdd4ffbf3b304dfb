import type { SandboxClock } from '../clock';
import { freshRules, type Quote, type ShippingRecord } from './model';

/** Delivery quotes, delivery-only orders (style B), driver requests and address changes. */
export class ShippingState {
  quotes = new Map<string, Quote>();
  records = new Map<string, ShippingRecord>();
  /** Whether a driver search finds anyone (a control route turns it off to see RDF NO_DRIVERS_AVAILABLE). */
  driversAvailable = true;

  constructor(readonly clock: SandboxClock) {}

  /** The shipping side of an order, created on first use (style A unless registered). */
  recordOf(orderId: string): ShippingRecord {
    let record = this.records.get(orderId);
    if (!record) {
      record = { orderId, style: 'A', rules: freshRules() };
      this.records.set(orderId, record);
    }
    return record;
  }

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.quotes = new Map();
    this.records = new Map();
    this.driversAvailable = true;
  }
}
