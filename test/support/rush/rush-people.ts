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

/**
 * A lunch rush the kitchen cannot keep up with: a customer every 2 minutes for 40 minutes, then
 * every 5, half of them platform deliveries; the cook confirms within a minute, but an order takes
 * 10 minutes and the kitchen finishes one every 2.5 at best (24 an hour against the peak's 30), and
 * a driver reaches the store 8 minutes after the confirmation.
 */
export const RUSH_PACES: RushPaces = {
  orders: 25,
  peakEveryMinutes: 2,
  peakMinutes: 40,
  tailEveryMinutes: 5,
  deliveryShare: 0.5,
  confirmAfterMinutes: 1,
  cookMinutes: 10,
  readyEveryMinutes: 2.5,
  driverRideMinutes: 8,
  pickupAfterMinutes: 3,
  seed: 1,
};

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
  /** When its customer placed it. */
  placedAt: number;
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
  /** The terminal as the cook works it: its handlers in one process, its screen end to end. */
  counter: RushCounter;
}

/**
 * The terminal as a rush's cook works it: which orders its board shows as new, and the buttons that
 * confirm one and mark one ready. Each resolves once the terminal took the action (on screen: once
 * the platform has it, so the drivers the platform sends find it confirmed or ready).
 */
export interface RushCounter {
  newOrders(): Promise<ReadonlySet<string>>;
  confirm(orderId: string): Promise<void>;
  ready(orderId: string): Promise<void>;
}

/** The cook at the terminal's handlers (`orders:board`, `orders:act`), as the screens call them. */
export function handlersCounter(terminal: Pick<Handlers, 'orders:board' | 'orders:act'>, merchantId: string): RushCounter {
  return {
    newOrders: async () => new Set((await terminal['orders:board']({ merchantId })).rows.filter((r) => r.status === 'PLACED').map((r) => r.id)),
    confirm: async (orderId) => void (await terminal['orders:act']({ orderId, action: 'confirm' })),
    ready: async (orderId) => void (await terminal['orders:act']({ orderId, action: 'readyToPickup' })),
  };
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
  /** When the kitchen made the last order: the next is made `readyEveryMinutes` after, however late its tap. */
  private lastMadeAt = -Infinity;
  placed = 0;
  turnedAway = 0;
  /** The longest a driver waited at the counter so far (ms): the platform closes the store at its limit. */
  longestDriverWait = 0;

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

  /** Orders placed by `moment` that are not gone yet (in the kitchen, or waiting for their driver or customer). */
  notGoneFrom(moment: number): number {
    return this.tickets.filter((t) => t.placedAt <= moment && !t.gone).length;
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
    this.tickets.push({ id: order.id, delivery, placedAt: now, confirmedAt: null, readyAt: null, driver: 'none', gone: false });
    this.placed += 1;
  }

  /**
   * The cook at the terminal: marks the oldest ticket ready once the kitchen has made it — first, a
   * driver may be waiting for it — then confirms what the board shows as new. The kitchen's pace
   * counts from when it made the last order, never from a late tap: a cook slow to tap does not slow
   * the kitchen down.
   */
  async cook(now: number): Promise<void> {
    const { paces, counter } = this.options;
    const next = this.tickets.find((t) => t.confirmedAt !== null && t.readyAt === null);
    const madeAt =
      next?.confirmedAt == null ? Infinity : Math.max(next.confirmedAt + paces.cookMinutes * MINUTE, this.lastMadeAt + paces.readyEveryMinutes * MINUTE);
    if (next && now >= madeAt) {
      await counter.ready(next.id);
      next.readyAt = now;
      this.lastMadeAt = madeAt;
    }
    const fresh = await counter.newOrders();
    for (const ticket of this.tickets) {
      if (ticket.confirmedAt !== null || !fresh.has(ticket.id)) continue;
      if (now - ticket.placedAt < paces.confirmAfterMinutes * MINUTE) continue;
      await counter.confirm(ticket.id);
      ticket.confirmedAt = now;
    }
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
        this.longestDriverWait = Math.max(this.longestDriverWait, now - ticket.driver);
      }
    }
  }
}
