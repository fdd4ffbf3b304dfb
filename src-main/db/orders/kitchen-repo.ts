import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export interface BumpRecord {
  order_id: string;
  item_key: string;
  station_id: string;
  state: 'bumped' | 'recalled';
  bump_id: number;
  changed_ms: number;
  revision: number;
}

export interface DoneRecord {
  order_id: string;
  done_ms: number;
  action_id: number | null;
}

export interface MenuEntry {
  itemId: string;
  externalCode: string | null;
  categoryId: string;
  /** The dish's name on the menu (Settings lists it for its own target). */
  name: string | null;
}

export interface MenuItemRecord {
  merchant_id: string;
  item_id: string;
  category_id: string;
  name: string | null;
}

export interface CategoryRecord {
  merchant_id: string;
  category_id: string;
  name: string;
  store_name: string | null;
}

/** Statuses an order has while the kitchen's screens show it (the pickup board shows the ready ones too). */
const KITCHEN_STATUSES = `'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'`;

/** The kitchen's tables (migration 0014): its setup, the bumps, the orders it finished, the menu's categories. */
export class KitchenRepo {
  private readonly s: {
    setup: Statement<[], { body: string }>;
    saveSetup: Statement<{ body: string; now: number }>;
    orderIds: Statement<[], { id: string }>;
    confirmedMs: Statement<[string], { at: number | null }>;
    bumpsOf: Statement<[string], BumpRecord>;
    nextBumpId: Statement<[], { id: number }>;
    bump: Statement<{ order_id: string; item_key: string; station_id: string; bump_id: number; now: number }>;
    lastBump: Statement<{ station: string | null }, { bump_id: number | null }>;
    bumpRows: Statement<{ bump_id: number; station: string | null }, BumpRecord>;
    recall: Statement<{ order_id: string; item_key: string; now: number }>;
    done: Statement<[string], DoneRecord>;
    markDone: Statement<{ order_id: string; now: number }>;
    doneAction: Statement<{ order_id: string; action_id: number }>;
    menuItem: Statement<{ merchant_id: string; item_id: string }, { category_id: string }>;
    menuCode: Statement<{ merchant_id: string; code: string }, { category_id: string }>;
    clearMenu: Statement<[string]>;
    menuSignature: Statement<[string], { signature: string | null }>;
    menuRow: Statement<{ merchant_id: string; item_id: string; code: string | null; category_id: string; name: string | null }>;
    menuItems: Statement<[], MenuItemRecord>;
    clearCategories: Statement<[string]>;
    category: Statement<{ merchant_id: string; category_id: string; name: string; store_name: string | null; position: number; now: number }>;
    categories: Statement<[], CategoryRecord>;
    pruneBumps: Statement<{ before: number }>;
    pruneDone: Statement<{ before: number }>;
  };

  constructor(db: Db) {
    this.s = {
      setup: db.prepare('SELECT body FROM kitchen_setup WHERE id = 1'),
      saveSetup: db.prepare(
        `INSERT INTO kitchen_setup (id, body, updated_ms) VALUES (1, @body, @now) ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms`,
      ),
      orderIds: db.prepare(`SELECT id FROM orders WHERE is_open = 1 AND status IN (${KITCHEN_STATUSES}) ORDER BY board_ms`),
      confirmedMs: db.prepare(`SELECT min(created_ms) AS at FROM events WHERE order_id = ? AND code = 'CFM'`),
      bumpsOf: db.prepare('SELECT * FROM kitchen_bumps WHERE order_id = ?'),
      nextBumpId: db.prepare('SELECT coalesce(max(bump_id), 0) + 1 AS id FROM kitchen_bumps'),
      bump: db.prepare(
        `INSERT INTO kitchen_bumps (order_id, item_key, station_id, state, bump_id, changed_ms, revision) VALUES (@order_id, @item_key, @station_id, 'bumped', @bump_id, @now, 1)
         ON CONFLICT (order_id, item_key) DO UPDATE SET state = 'bumped', station_id = excluded.station_id, bump_id = excluded.bump_id, changed_ms = excluded.changed_ms, revision = revision + 1
         WHERE kitchen_bumps.state = 'recalled'`,
      ),
      // The newest bump still standing, of an order still in the kitchen's hands: one the kitchen finished has its
      // ready on the way (it stays done), one made ready or cancelled elsewhere has left the kitchen.
      lastBump: db.prepare(
        `SELECT max(b.bump_id) AS bump_id FROM kitchen_bumps b JOIN orders o ON o.id = b.order_id
         WHERE b.state = 'bumped' AND (@station IS NULL OR b.station_id = @station)
           AND o.is_open = 1 AND o.status IN ('CONFIRMED', 'PREPARATION_STARTED') AND (o.cancel_requested_ms IS NULL OR o.cancel_requested_ms <= coalesce(o.cancel_resolved_ms, -1))
           AND NOT EXISTS (SELECT 1 FROM kitchen_done d WHERE d.order_id = b.order_id)`,
      ),
      bumpRows: db.prepare(`SELECT * FROM kitchen_bumps WHERE bump_id = @bump_id AND state = 'bumped' AND (@station IS NULL OR station_id = @station)`),
      recall: db.prepare(
        `UPDATE kitchen_bumps SET state = 'recalled', changed_ms = @now, revision = revision + 1 WHERE order_id = @order_id AND item_key = @item_key AND state = 'bumped'`,
      ),
      done: db.prepare('SELECT * FROM kitchen_done WHERE order_id = ?'),
      markDone: db.prepare('INSERT INTO kitchen_done (order_id, done_ms) VALUES (@order_id, @now) ON CONFLICT (order_id) DO NOTHING'),
      doneAction: db.prepare('UPDATE kitchen_done SET action_id = @action_id WHERE order_id = @order_id'),
      menuItem: db.prepare('SELECT category_id FROM kitchen_menu WHERE merchant_id = @merchant_id AND item_id = @item_id'),
      menuCode: db.prepare('SELECT category_id FROM kitchen_menu WHERE merchant_id = @merchant_id AND external_code = @code LIMIT 1'),
      clearMenu: db.prepare('DELETE FROM kitchen_menu WHERE merchant_id = ?'),
      menuSignature: db.prepare(
        `SELECT group_concat(entry, ' ') AS signature FROM (SELECT item_id || '=' || category_id || '/' || coalesce(external_code, '') AS entry FROM kitchen_menu WHERE merchant_id = ? ORDER BY item_id)`,
      ),
      menuRow: db.prepare(
        `INSERT INTO kitchen_menu (merchant_id, item_id, external_code, category_id, name) VALUES (@merchant_id, @item_id, @code, @category_id, @name)
         ON CONFLICT (merchant_id, item_id) DO UPDATE SET external_code = excluded.external_code, category_id = excluded.category_id, name = excluded.name`,
      ),
      menuItems: db.prepare('SELECT merchant_id, item_id, category_id, name FROM kitchen_menu ORDER BY merchant_id, category_id, name, item_id'),
      clearCategories: db.prepare('DELETE FROM kitchen_categories WHERE merchant_id = ?'),
      category: db.prepare(
        `INSERT INTO kitchen_categories (merchant_id, category_id, name, store_name, position, read_ms) VALUES (@merchant_id, @category_id, @name, @store_name, @position, @now)
         ON CONFLICT (merchant_id, category_id) DO UPDATE SET name = excluded.name, store_name = excluded.store_name, position = excluded.position, read_ms = excluded.read_ms`,
      ),
      categories: db.prepare('SELECT merchant_id, category_id, name, store_name FROM kitchen_categories ORDER BY store_name, merchant_id, position'),
      // Rows of orders that left the terminal, or closed before `before`: nothing shows them any more.
      pruneBumps: db.prepare(`DELETE FROM kitchen_bumps WHERE order_id NOT IN (SELECT id FROM orders WHERE is_open = 1 OR closed_ms >= @before)`),
      pruneDone: db.prepare(`DELETE FROM kitchen_done WHERE order_id NOT IN (SELECT id FROM orders WHERE is_open = 1 OR closed_ms >= @before)`),
    };
  }

  /** The setup as saved (JSON), or null before the first save. */
  setup(): string | null {
    return this.s.setup.get()?.body ?? null;
  }
  saveSetup(body: string, now: number): void {
    this.s.saveSetup.run({ body, now });
  }

  /** Open orders the kitchen's screens may show, the oldest on the board first. */
  orderIds(): string[] {
    return this.s.orderIds.all().map((r) => r.id);
  }

  /** When the platform said the order was confirmed (its first CONFIRMED event), if it did. */
  confirmedMs(orderId: string): number | null {
    return this.s.confirmedMs.get(orderId)?.at ?? null;
  }

  bumpsOf(orderId: string): BumpRecord[] {
    return this.s.bumpsOf.all(orderId);
  }

  /** Bumps lines of an order as one bump (a recall brings them back together); a line already bumped stays as it was. */
  bump(orderId: string, lines: readonly { itemKey: string; stationId: string }[], now: number): number {
    const bumpId = this.s.nextBumpId.get()?.id ?? 1;
    for (const line of lines) this.s.bump.run({ order_id: orderId, item_key: line.itemKey, station_id: line.stationId, bump_id: bumpId, now });
    return bumpId;
  }

  /** The lines of the newest bump still standing on a station (any station: null) of an unfinished order. */
  lastBump(stationId: string | null): BumpRecord[] {
    const last = this.s.lastBump.get({ station: stationId })?.bump_id ?? null;
    return last === null ? [] : this.s.bumpRows.all({ bump_id: last, station: stationId });
  }

  recall(rows: readonly BumpRecord[], now: number): void {
    for (const row of rows) this.s.recall.run({ order_id: row.order_id, item_key: row.item_key, now });
  }

  done(orderId: string): DoneRecord | undefined {
    return this.s.done.get(orderId);
  }

  /** Marks the order finished; true only for the one call that did (two bumps at once: one finishes it). */
  markDone(orderId: string, now: number): boolean {
    return this.s.markDone.run({ order_id: orderId, now }).changes === 1;
  }

  recordDoneAction(orderId: string, actionId: number): void {
    this.s.doneAction.run({ order_id: orderId, action_id: actionId });
  }

  /** The category of a store's item, by its id or else its external code (the catalog's, as the order names it). */
  categoryOf(merchantId: string, itemId: string | null, externalCode: string | null): string | null {
    const byId = itemId ? this.s.menuItem.get({ merchant_id: merchantId, item_id: itemId }) : undefined;
    if (byId) return byId.category_id;
    return externalCode ? (this.s.menuCode.get({ merchant_id: merchantId, code: externalCode })?.category_id ?? null) : null;
  }

  /** Replaces what is known of a store's menu with a fresh read of its catalog. */
  replaceMenu(
    merchantId: string,
    storeName: string | null,
    categories: readonly { id: string; name: string; items: readonly MenuEntry[] }[],
    now: number,
  ): void {
    this.s.clearMenu.run(merchantId);
    this.s.clearCategories.run(merchantId);
    categories.forEach((category, position) => {
      this.s.category.run({ merchant_id: merchantId, category_id: category.id, name: category.name, store_name: storeName, position, now });
      for (const item of category.items)
        this.s.menuRow.run({ merchant_id: merchantId, item_id: item.itemId, code: item.externalCode, category_id: item.categoryId, name: item.name });
    });
  }

  /** What a store's menu says of which item is in which category, as one value to compare. */
  menuSignature(merchantId: string): string {
    return this.s.menuSignature.get(merchantId)?.signature ?? '';
  }

  /** Every category read so far, store by store in the catalog's order. */
  categories(): CategoryRecord[] {
    return this.s.categories.all();
  }

  /** Every dish read so far, with its category and name. */
  menuItems(): MenuItemRecord[] {
    return this.s.menuItems.all();
  }

  /** Forgets the bumps of orders closed before `before` (or gone from the terminal). */
  prune(before: number): void {
    this.s.pruneBumps.run({ before });
    this.s.pruneDone.run({ before });
  }
}
