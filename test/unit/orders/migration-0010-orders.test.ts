import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { openBareDatabase, openDatabase, SYNCHRONOUS, type Db, WAL_AUTOCHECKPOINT_PAGES } from '../../../src-main/db/database';
import { migrate, schemaVersion, type Migration } from '../../../src-main/db/migrate';
import * as m0010 from '../../../src-main/db/orders/migrations/0010-orders';
import { migrations } from '../../../src-main/db/orders/migrations/index';

const dir = mkdtempSync(join(tmpdir(), 'st-migration-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The tables, without SQLite's own and the full-text index's (virtual table and its shadows). */
function tables(db: Db): Map<string, string> {
  const rows = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'orders_search%'`).all() as {
    name: string;
    sql: string;
  }[];
  return new Map(rows.map((r) => [r.name, r.sql]));
}

const LATEST = migrations.at(-1)?.version ?? 0;

describe('migrations 0010-orders, 0011-history, 0012-print-queue, 0013-order-requests, 0014-kitchen', () => {
  it('creates the orders, events, outbox, sync_state and print_jobs tables, all STRICT, and sets user_version to the latest', () => {
    const file = join(dir, 'fresh.sqlite');
    const db = openDatabase({ file });
    try {
      assert.equal(schemaVersion(db), LATEST);
      assert.equal(LATEST, 19);
      // 0016: an action's idempotency key, unique where there is one.
      assert.ok(
        db
          .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('outbox')`)
          .all()
          .some((c) => c.name === 'idempotency_key'),
      );
      assert.match(
        db.prepare<[], { sql: string }>(`SELECT sql FROM sqlite_master WHERE name = 'outbox_idempotency_key'`).get()?.sql ?? '',
        /UNIQUE INDEX .* WHERE idempotency_key IS NOT NULL/,
      );
      const t = tables(db);
      assert.deepEqual([...t.keys()].sort(), [
        'action_trail',
        'code_checks',
        'events',
        'kitchen_bumps',
        'kitchen_categories',
        'kitchen_done',
        'kitchen_marks',
        'kitchen_menu',
        'kitchen_setup',
        'orders',
        'outbox',
        'print_jobs',
        'staff',
        'staff_config',
        'staff_tries',
        'sync_state',
      ]);
      for (const [name, sql] of t) assert.match(sql, /\)\s*STRICT\s*$/, `${name} is STRICT`);
      const indexes = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]).map(
        (r) => r.name,
      );
      for (const index of [
        'orders_open_board',
        'events_by_order',
        'outbox_by_order',
        'outbox_open',
        'orders_by_created',
        'orders_by_display_id',
        'print_jobs_due',
        'code_checks_by_order',
        'kitchen_bumps_last',
        'kitchen_menu_by_code',
        // 0017: one store's board.
        'orders_open_by_store',
        'orders_closed_by_store',
      ])
        assert.ok(indexes.includes(index), index);
    } finally {
      db.close();
    }
  });

  it('opens in WAL with foreign keys on and the chosen durability', () => {
    const db = openDatabase({ file: join(dir, 'pragmas.sqlite') });
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
      // 2 = FULL, 1 = NORMAL
      assert.equal(db.pragma('synchronous', { simple: true }), SYNCHRONOUS === 'FULL' ? 2 : 1);
      // Checkpoints come between poll rounds (OrdersDb.checkpoint); the automatic one is a ceiling.
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), WAL_AUTOCHECKPOINT_PAGES);
    } finally {
      db.close();
    }
  });

  it('enforces the schema: STRICT types, foreign keys, outbox states', () => {
    const db = openDatabase({ file: ':memory:' });
    try {
      assert.throws(
        () => db.prepare(`INSERT INTO orders (id, status, status_rank, board_ms, updated_ms) VALUES ('a', 'PLACED', 'not a number', 0, 0)`).run(),
        /cannot store TEXT value in INTEGER column/,
      );
      assert.throws(
        () => db.prepare(`INSERT INTO events (id, order_id, code, full_code, known, received_ms) VALUES ('e', 'missing-order', 'PLC', 'PLACED', 1, 0)`).run(),
        /FOREIGN KEY/,
      );
      db.prepare(`INSERT INTO orders (id, status, status_rank, board_ms, updated_ms) VALUES ('o', 'PLACED', 10, 0, 0)`).run();
      assert.throws(
        () =>
          db.prepare(`INSERT INTO outbox (order_id, action, state, next_attempt_ms, created_ms, updated_ms) VALUES ('o', 'confirm', 'lost', 0, 0, 0)`).run(),
        /CHECK constraint/,
      );
    } finally {
      db.close();
    }
  });

  it('is applied once: reopening a migrated database changes nothing', () => {
    const file = join(dir, 'twice.sqlite');
    openDatabase({ file }).close();
    const db = openDatabase({ file });
    try {
      assert.equal(schemaVersion(db), LATEST);
      assert.equal(migrate(db, migrations), LATEST);
    } finally {
      db.close();
    }
  });

  it('0011 indexes the orders a version-10 database already holds, for the history search', () => {
    const db = openBareDatabase(':memory:');
    migrate(db, [m0010]);
    db.prepare(
      `INSERT INTO orders (id, status, status_rank, board_ms, updated_ms, display_id, customer_name) VALUES ('o', 'CONCLUDED', 70, 0, 0, '7F3A', 'Conceição Araújo')`,
    ).run();
    migrate(db, migrations);
    const found = db.prepare(`SELECT o.id FROM orders_search('"araujo"') s JOIN orders o ON o.rowid = s.rowid`).all();
    assert.deepEqual(found, [{ id: 'o' }], 'accents aside');
    const actor = db.prepare(`SELECT dflt_value FROM pragma_table_info('outbox') WHERE name = 'actor'`).get() as { dflt_value: string } | undefined;
    assert.equal(actor?.dflt_value, "'staff'", 'actions sent before 0011 read as staff actions');
    db.close();
  });

  it("0013 keeps a version-12 database's orders, with no request marked and no code typed", () => {
    const db = openBareDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 12),
    );
    db.prepare(`INSERT INTO orders (id, status, status_rank, board_ms, updated_ms) VALUES ('o', 'DISPATCHED', 50, 0, 0)`).run();
    migrate(
      db,
      migrations.filter((m) => m.version <= 13),
    );
    assert.equal(schemaVersion(db), 13);
    assert.deepEqual(db.prepare(`SELECT id, status, request_ms FROM orders`).all(), [{ id: 'o', status: 'DISPATCHED', request_ms: null }]);
    assert.throws(
      () => db.prepare(`INSERT INTO code_checks (order_id, kind, valid, checked_by, checked_ms) VALUES ('o', 'pickup', 1, 'api', 0)`).run(),
      /CHECK constraint/,
    );
    db.close();
  });

  it("0014 keeps a version-13 database's orders, and starts the kitchen with nothing bumped", () => {
    const db = openBareDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 13),
    );
    db.prepare(`INSERT INTO orders (id, status, status_rank, board_ms, updated_ms) VALUES ('o', 'CONFIRMED', 20, 0, 0)`).run();
    migrate(
      db,
      migrations.filter((m) => m.version <= 14),
    );
    assert.equal(schemaVersion(db), 14);
    assert.deepEqual(db.prepare(`SELECT id, status FROM orders`).all(), [{ id: 'o', status: 'CONFIRMED' }]);
    assert.equal((db.prepare(`SELECT count(*) AS n FROM kitchen_bumps`).get() as { n: number }).n, 0);
    assert.throws(
      () =>
        db
          .prepare(`INSERT INTO kitchen_bumps (order_id, item_key, station_id, state, bump_id, changed_ms, revision) VALUES ('o', 'a', 's', 'gone', 1, 0, 1)`)
          .run(),
      /CHECK constraint/,
    );
    assert.throws(
      () => db.prepare(`INSERT INTO kitchen_setup (id, body, updated_ms) VALUES (2, '{}', 0)`).run(),
      /CHECK constraint/,
      'one setup for the store',
    );
    db.close();
  });

  it('applies pending migrations in one transaction: a failing step leaves the database as it was', () => {
    const db = openBareDatabase(':memory:');
    const broken: Migration = {
      version: 20,
      name: 'broken',
      up: () => {
        throw new Error('boom');
      },
    };
    assert.throws(() => migrate(db, [m0010, broken]), /boom/);
    assert.equal(schemaVersion(db), 0);
    assert.equal(tables(db).size, 0, 'the 0010 tables were rolled back too');
    db.close();
  });

  it('refuses a database written by a newer app, with a storage error, and leaves it untouched', () => {
    const file = join(dir, 'newer.sqlite');
    const raw = openBareDatabase(file);
    raw.pragma('user_version = 999');
    raw.exec('CREATE TABLE future (x INTEGER) STRICT');
    raw.close();
    assert.throws(
      () => openDatabase({ file }),
      (error: unknown) => error instanceof AppError && error.code === 'storage' && /newer version/.test(error.message),
    );
    const check = openBareDatabase(file);
    assert.equal(check.pragma('user_version', { simple: true }), 999);
    assert.ok(tables(check).has('future'));
    check.close();
  });

  it('reports a damaged file clearly and never wipes it', () => {
    const file = join(dir, 'corrupt.sqlite');
    const garbage = Buffer.from('this is not an sqlite database, just bytes '.repeat(200));
    writeFileSync(file, garbage);
    assert.throws(
      () => openDatabase({ file }),
      (error: unknown) => error instanceof AppError && error.code === 'storage' && /damaged/.test(error.message) && error.message.includes(file),
    );
    assert.deepEqual(readFileSync(file), garbage, 'the file is left as it was');
  });

  it('refuses two migrations with the same version', () => {
    const db = openBareDatabase(':memory:');
    assert.throws(() => migrate(db, [m0010, { ...m0010 }]), /two migrations claim version 10/);
    db.close();
  });
});
