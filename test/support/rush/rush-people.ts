import type { Handlers } from '../../../src-main/ipc/dispatcher';

const MINUTE = 60_000;

/** The paces of a rush's people: customers, the cook at the terminal, the platform's drivers. */
export interface RushPaces {
  /** Orders the rush places in all. */
  orders: number;
  /** Minutes between two customers at the peak, and how long the peak lasts. */
  peakEveryMinutes: number;
  peakMinutes: number;
  /** Minutes between two customers after the peak. */
  tailEveryMinutes: number;
  /** Share of platform deliveries (the rest is takeout), drawn from the seed. */
  deliveryShare: number;
  /** How long an order waits on the board before the cook confirms it. */
  confirmAfterMinutes: number;
  /** The kitchen: an order takes at least this long from its confirmation… */
  cookMinutes: number;
  /** …and the cook finishes one order every this many minutes at best: too slow for the peak. */
  readyEveryMinutes: number;
  /** A platform driver reaches the store this long after the order was confirmed. */
  driverRideMinutes: number;
  /** A takeout customer comes for a ready order this long after. */
  pickupAfterMinutes: number;
  /** Draws the mix of orders (and the terminal's poll jitter, the sandbox's dishes). */
  seed: number;
}

/** A small seeded generator (mulberry32): the same seed, the same draws. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Ticket {
  id: string;
  delivery: boolean;
  /** When the cook confirmed it at the terminal. */
  confirmedAt: number | null;
  /** When the cook marked it ready at the terminal. */
  readyAt: number | null;
  /** The platform's driver: none yet, riding to the store, or at the counter since this moment. */
  driver: 'none' | 'riding' | number;
  /** Collected by its driver or its customer. */
  gone: boolean;
}

export interface RushPeopleOptions {
  merchantId: string;
  paces: RushPaces;
  start: number;
  /** The sandbox's control routes (customers and drivers are the platform's people). */
  control(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<Record<string, unknown>>;
  /** The terminal's handlers the cook uses, as a person at the screen would. */
  terminal: Pick<Handlers, 'orders:board' | 'orders:act'>;
}

/**
 * The people of a rush, each step of the clock: customers order while the platform shows the store
 * open (one that finds it paused or closed goes elsewhere); the cook confirms what the terminal's
 * board shows and marks orders ready one after the other, no faster than the kitchen goes; drivers
 * ride to the store, wait at the counter (ARRIVED_AT_ORIGIN) and leave with ready orders; takeout
 * customers come for theirs.
 */
export class RushPeople {
  private readonly tickets: Ticket[] = [];
  private readonly draw: () => number;
  private nextCustomer: number;
  private lastReadyAt = -Infinity;
  placed = 0;
  turnedAway = 0;

  constructor(private readonly options: RushPeopleOptions) {
    this.draw = seeded(options.paces.seed);
    this.nextCustomer = options.start;
  }

  /** Every order placed, made and gone. */
  get done(): boolean {
    return this.placed >= this.options.paces.orders && this.tickets.every((t) => t.gone);
  }

  /** Tickets confirmed and not yet ready. */
  get inKitchen(): number {
    return this.tickets.filter((t) => t.confirmedAt !== null && t.readyAt === null).length;
  }

  /** A customer's moment: orders if the store is open, else goes elsewhere. */
  async customers(now: number, open: boolean): Promise<void> {
    const { paces, merchantId, control, start } = this.options;
    if (this.placed >= paces.orders || now < this.nextCustomer) return;
    const peak = now - start < paces.peakMinutes * MINUTE;
    this.nextCustomer += (peak ? paces.peakEveryMinutes : paces.tailEveryMinutes) * MINUTE;
    const delivery = this.draw() < paces.deliveryShare;
    if (!open) {
      this.turnedAway += 1;
      return;
    }
    const body = { merchantId, orderType: delivery ? 'DELIVERY' : 'TAKEOUT', ...(delivery ? { deliveredBy: 'PLATFORM' } : {}) };
    const order = (await control('POST', '/_sandbox/orders', body)) as { id: string };
    this.tickets.push({ id: order.id, delivery, confirmedAt: null, readyAt: null, driver: 'none', gone: false });
    this.placed += 1;
  }

  /** The cook at the terminal: confirms what the board shows, then marks the oldest ticket ready when the kitchen has made it. */
  async cook(now: number): Promise<void> {
    const { paces, merchantId, terminal } = this.options;
    const rows = new Map((await terminal['orders:board']({ merchantId })).rows.map((r) => [r.id, r]));
    for (const ticket of this.tickets) {
      const row = rows.get(ticket.id);
      if (ticket.confirmedAt !== null || row?.status !== 'PLACED' || !row.createdAt) continue;
      if (now - Date.parse(row.createdAt) < paces.confirmAfterMinutes * MINUTE) continue;
      await terminal['orders:act']({ orderId: ticket.id, action: 'confirm' });
      ticket.confirmedAt = now;
    }
    const next = this.tickets.find((t) => t.confirmedAt !== null && t.readyAt === null);
    if (!next || next.confirmedAt === null) return;
    if (now < next.confirmedAt + paces.cookMinutes * MINUTE || now < this.lastReadyAt + paces.readyEveryMinutes * MINUTE) return;
    await terminal['orders:act']({ orderId: next.id, action: 'readyToPickup' });
    next.readyAt = now;
    this.lastReadyAt = now;
  }

  /** The platform's drivers and the takeout customers, for orders the platform has by now. */
  async platform(now: number): Promise<void> {
    const { paces, control } = this.options;
    const order = (ticket: Ticket, move: string) => control('POST', `/_sandbox/orders/${ticket.id}/${move}`);
    for (const ticket of this.tickets) {
      if (ticket.gone || ticket.confirmedAt === null || ticket.confirmedAt === now) continue;
      if (!ticket.delivery) {
        if (ticket.readyAt !== null && now >= ticket.readyAt + paces.pickupAfterMinutes * MINUTE) {
          await order(ticket, 'conclude');
          ticket.gone = true;
        }
      } else if (ticket.driver === 'none') {
        // Assigned once the platform has the confirmation, and on the way (ADR, GTO).
        await order(ticket, 'assignDriver');
        await order(ticket, 'advanceDriver');
        ticket.driver = 'riding';
      } else if (ticket.driver === 'riding') {
        if (now < ticket.confirmedAt + paces.driverRideMinutes * MINUTE) continue;
        await order(ticket, 'advanceDriver');
        ticket.driver = now;
      } else if (ticket.readyAt !== null && ticket.readyAt < now) {
        // Collected (CLT, DSP) and delivered (CON): the driver leaves the counter.
        await order(ticket, 'conclude');
        ticket.gone = true;
      }
    }
  }
}
