import { AppError } from '../../../src-shared/errors';
import {
  KitchenSetup,
  type BumpInput,
  type BumpResult,
  type KitchenBoard,
  type KitchenSpeed,
  type KitchenTicket,
  type MarkInput,
  type RecallResult,
  type SpeedInput,
} from '../../../src-shared/ipc/channels/kitchen';
import type { OrderStatus } from '../../../src-shared/ipc/channels/orders';
import type { ActionOrigin } from '../../../src-shared/ipc/channels/screens';
import { readOrderDetail } from '../../../src-shared/wire/order';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { OrdersDb } from '../../db/orders/orders-db';
import type { PushFanout } from '../../ipc/push-fanout';
import type { OrderOutbox } from '../../sync/order-outbox';
import { allBumped, linesToBump, onKitchen, readyActionFor } from './bump-rules';
import { speedOfService, stationSamples } from './speed-of-service';
import { nextMark } from './ticket-marks';
import { kitchenSince, ticketOf } from './tickets';

/** Statuses of the orders the kitchen's screens show (the ready ones for the pickup board and the expo). */
const SHOWN: ReadonlySet<OrderStatus> = new Set(['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP']);

export interface KitchenDeskOptions {
  db: OrdersDb;
  /** The orders outbox: the kitchen's ready goes in by the same door as the board's "Pronto". */
  outbox: Pick<OrderOutbox, 'enqueue'>;
  clock: Clock;
  push: Pick<PushFanout, 'push'>;
  logger: Logger;
  /** An item whose category is not known yet (a dish added to the menu since it was read). */
  unknownItem?: (merchantId: string) => void;
}

/**
 * The kitchen's state in the main process: its setup, the tickets, and the bumps, each change made
 * in one transaction and pushed to every screen (`kitchen:changed`), so every kitchen display,
 * expo and pickup board of the store shows the same. The bump that finishes an order writes its
 * ready action into the orders outbox in the same transaction that marks it finished: two bumps at
 * once finish it once.
 */
export class KitchenDesk {
  #setup: KitchenSetup | undefined;

  constructor(private readonly options: KitchenDeskOptions) {}

  setup(): KitchenSetup {
    if (this.#setup) return this.#setup;
    const { db, logger } = this.options;
    const saved = db.read(() => db.kitchen.setup());
    let setup = KitchenSetup.parse({});
    if (saved !== null) {
      try {
        setup = KitchenSetup.parse(JSON.parse(saved));
      } catch (error) {
        // A file edited by hand (or by a newer version): the defaults work, and saving again mends it.
        logger.warn('kitchen setup unreadable: the defaults apply', { error });
      }
    }
    return (this.#setup = setup);
  }

  saveSetup(next: KitchenSetup): KitchenSetup {
    const { db, clock, push } = this.options;
    db.write(() => db.kitchen.saveSetup(JSON.stringify(next), clock.now()));
    this.#setup = next;
    push.push('kitchen:setupChanged', next);
    // The stations split the tickets: every screen gets them split anew.
    this.publish(db.read(() => db.kitchen.orderIds()));
    return next;
  }

  board(): KitchenBoard {
    const { db, clock } = this.options;
    const tickets = db.read(() => this.tickets(db.kitchen.orderIds()));
    return { tickets, setup: this.setup(), generatedAt: new Date(clock.now()).toISOString() };
  }

  /** `origin`: the kitchen screen that bumped (its ready is recorded as that screen's, as a confirm is). */
  bump(input: BumpInput, origin: ActionOrigin | null = null): BumpResult {
    const { db, clock, outbox } = this.options;
    const result = db.write((): BumpResult => {
      const now = clock.now();
      const ticket = this.ticket(input.orderId);
      const lines = linesToBump(ticket, input, now);
      if (lines.length === 0) return { ticket, finished: null };
      db.kitchen.bump(input.orderId, lines, now);
      const after = this.ticket(input.orderId);
      if (!allBumped(after) || !db.kitchen.markDone(input.orderId, now)) return { ticket: after, finished: null };
      // This bump finished the order, and only this one could: its ready joins the outbox in this transaction.
      const action = readyActionFor(after);
      const entry = action ? outbox.enqueue({ orderId: input.orderId, action }, 'staff', undefined, origin) : null;
      if (entry) db.kitchen.recordDoneAction(input.orderId, entry.id);
      return { ticket: this.ticket(input.orderId), finished: { actionId: entry?.id ?? null } };
    });
    this.publish([input.orderId]);
    return result;
  }

  recall(stationId: string | null): RecallResult {
    const { db, clock } = this.options;
    const orderId = db.write(() => {
      const rows = db.kitchen.lastBump(stationId);
      if (rows.length === 0) return null;
      db.kitchen.recall(rows, clock.now());
      return rows[0]?.order_id ?? null;
    });
    if (orderId === null) return { ticket: null };
    this.publish([orderId]);
    return { ticket: db.read(() => this.ticket(orderId)) };
  }

  /**
   * A cook marks a ticket priority or hold (or takes the mark off), for every screen of the store.
   * Refused for an order the kitchen does not work on now, as a bump is.
   */
  mark(input: MarkInput): KitchenTicket {
    const { db, clock } = this.options;
    const ticket = db.write(() => {
      const now = clock.now();
      const before = this.ticket(input.orderId);
      if (before.doneAt !== null || !onKitchen(before, now))
        throw new AppError('conflict', 'This order is not on the kitchen now (not confirmed, already done, or scheduled for later).');
      db.kitchenTiming.saveMark(nextMark(db.kitchenTiming.markOf(input.orderId), input, now));
      return this.ticket(input.orderId);
    });
    this.publish([input.orderId]);
    return ticket;
  }

  /** Each station's speed of service over a span: its tickets done within it, from the order's start to the station's bump. */
  speed(input: SpeedInput): KitchenSpeed {
    const { db } = this.options;
    const [fromMs, toMs] = [Date.parse(input.from), Date.parse(input.to)];
    const setup = this.setup();
    const samples = db.read(() => {
      const ids = db.kitchenTiming.bumpedOrders(fromMs, toMs);
      const tickets = new Map(this.tickets(ids).map((t) => [t.orderId, t]));
      return db.board.rowsOf(ids).flatMap((row) => {
        const ticket = tickets.get(row.id);
        // Its part is done where no line waits; an order the counter made ready, or the kitchen finished, waits nowhere.
        const cooking = ticket !== undefined && ticket.doneAt === null && (row.status === 'CONFIRMED' || row.status === 'PREPARATION_STARTED');
        const waiting = new Set(cooking ? ticket.items.filter((i) => i.bumpedAt === null).map((i) => i.stationId) : []);
        const since = kitchenSince(row, db.kitchen.confirmedMs(row.id));
        const bumps = db.kitchenTiming.stationBumps(row.id);
        return stationSamples({ startMs: since === null ? null : Date.parse(since), cancelled: row.status === 'CANCELLED', bumps, waiting }, fromMs, toMs);
      });
    });
    const stations = speedOfService(
      samples,
      setup.stations.map((s) => s.id),
      (id) => setup.stations.find((s) => s.id === id)?.name ?? null,
    );
    return { from: input.from, to: input.to, stations };
  }

  /** Pushes the tickets of these orders as they are now; the ones the kitchen no longer shows go as gone. */
  publish(orderIds: Iterable<string>): void {
    const { db, push } = this.options;
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) return;
    const tickets = db.read(() => this.tickets(ids));
    const shown = new Set(tickets.map((t) => t.orderId));
    push.push('kitchen:changed', { tickets, gone: ids.filter((id) => !shown.has(id)) });
  }

  /** Forgets the bumps of orders closed a day ago: nothing shows them any more. */
  prune(): void {
    const { db, clock } = this.options;
    db.write(() => {
      db.kitchen.prune(clock.now() - 24 * 3600_000);
      db.kitchenTiming.prune(clock.now() - 24 * 3600_000);
    });
  }

  private ticket(orderId: string): KitchenTicket {
    const [ticket] = this.tickets([orderId]);
    if (!ticket) throw new AppError('not-found', 'This order is not on the kitchen.');
    return ticket;
  }

  private tickets(ids: readonly string[]): KitchenTicket[] {
    const { db, unknownItem } = this.options;
    const setup = this.setup();
    const categoryOf = (merchantId: string, itemId: string | null, externalCode: string | null): string | null => {
      const category = db.kitchen.categoryOf(merchantId, itemId, externalCode);
      if (category === null) unknownItem?.(merchantId);
      return category;
    };
    return db.board
      .rowsOf(ids)
      .filter((row) => SHOWN.has(row.status))
      .map((row) => {
        const stored = db.orders.detail(row.id)?.detail;
        return ticketOf(
          {
            row,
            detail: stored ? readOrderDetail(stored) : undefined,
            bumps: db.kitchen.bumpsOf(row.id),
            done: db.kitchen.done(row.id),
            mark: db.kitchenTiming.markOf(row.id),
            confirmedMs: db.kitchen.confirmedMs(row.id),
            categoryOf,
          },
          setup,
        );
      });
  }
}
