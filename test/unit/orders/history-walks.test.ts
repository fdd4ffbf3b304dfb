import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { HistoryQuery, type HistorySearch } from '../../../src-main/db/orders/history-query';
import type { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { EventIngest } from '../../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

/**
 * A searched text reaches the page two ways (history-query.ts): a common one is checked on the way
 * down the creation-time index, any other has its matches looked up and sorted. Which way is a
 * matter of cost only: these tests hold both to the same pages, and look at the plans SQLite makes.
 */

const T0 = Date.parse('2026-11-24T15:00:00Z');
const HOUR = 3600_000;
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
const NAMES = ['Ana Lima', 'Mariana Souza', 'Bruno Costa', 'LUCIANA ALVES', 'Joana Dias', 'Pedro Nunes', 'Ânanda Reis'];

interface Placed {
  id: string;
  at: number;
  merchant: string;
  code: string;
  name: string;
}

/** 48 orders over four days, two a time (ties broken by arrival), in two stores. */
function setUp(): { db: OrdersDb; placed: Placed[] } {
  const db = memoryStore();
  const ingest = new EventIngest(db, new ManualClock(T0), silentLogger);
  const placed: Placed[] = [];
  for (let i = 0; i < 48; i++) {
    const o: Placed = {
      id: randomUUID(),
      at: T0 - Math.floor(i / 2) * 4 * HOUR,
      merchant: i % 3 === 0 ? OTHER : MERCHANT,
      code: `${i % 4 === 0 ? '7' : 'C'}${String(i).padStart(3, '0')}`,
      name: NAMES[i % NAMES.length] as string,
    };
    ingest.apply([
      { id: randomUUID(), code: 'PLC', fullCode: 'PLACED', orderId: o.id, merchantId: o.merchant, createdAt: new Date(o.at).toISOString(), metadata: {} },
    ]);
    db.write(() =>
      db.orders.saveDetail(
        o.id,
        { id: o.id, displayId: o.code, createdAt: new Date(o.at).toISOString(), merchant: { id: o.merchant }, customer: { name: o.name } },
        T0,
      ),
    );
    placed.push(o);
  }
  return { db, placed };
}

const folded = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The search by hand: the text in the code and name (three characters on) or the start of the code; newest first, the later arrival first. */
function expected(placed: Placed[], q: Omit<HistorySearch, 'limit'>): string[] {
  const text = q.text ?? '';
  return placed
    .map((o, arrival) => ({ ...o, arrival }))
    .filter((o) => (text.length >= 3 ? folded(`${o.code} ${o.name}`).includes(folded(text)) : o.code.startsWith(text.toUpperCase())))
    .filter((o) => !q.merchantId || o.merchant === q.merchantId)
    .filter((o) => (q.fromMs === undefined || o.at >= q.fromMs) && (q.toMs === undefined || o.at < q.toMs))
    .sort((a, b) => b.at - a.at || b.arrival - a.arrival)
    .map((o) => o.id);
}

function everyPage(query: HistoryQuery, q: Omit<HistorySearch, 'limit'>): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = query.search({ ...q, limit: 3, cursor });
    ids.push(...page.rows.map((r) => r.id));
    cursor = page.next ?? undefined;
  } while (cursor);
  return ids;
}

/** The steps that find the page's rows (the rest reads the board's columns for those rows). */
function pageSteps(plan: string[]): string[] {
  const start = plan.indexOf('CO-ROUTINE page');
  const end = plan.indexOf('SCAN page');
  assert.ok(start >= 0 && end > start, `a page step in ${plan.join(' | ')}`);
  return plan.slice(start + 1, end);
}

const fullScan = (steps: string[]): string[] => steps.filter((s) => /^SCAN o\b/.test(s));

const SEARCHES: Omit<HistorySearch, 'limit'>[] = [
  { text: 'ana', merchantId: MERCHANT, fromMs: T0 - 60 * HOUR, toMs: T0 - 12 * HOUR },
  { text: 'ANA', merchantId: OTHER, fromMs: T0 - 80 * HOUR, toMs: T0 - 4 * HOUR },
  { text: 'ana', fromMs: T0 - 40 * HOUR },
  { text: 'ana', toMs: T0 - 20 * HOUR },
  { text: 'souza', fromMs: T0 - 96 * HOUR, toMs: T0 + 1 },
  { text: '7', merchantId: MERCHANT },
  { text: '7', fromMs: T0 - 50 * HOUR, toMs: T0 - 8 * HOUR },
  { text: 'c0', merchantId: OTHER, toMs: T0 - 30 * HOUR },
  { text: 'nobody', fromMs: T0 - 50 * HOUR },
];

describe('history search: a text among other filters, either way it is read', () => {
  it('gives the same pages walking the creation-time index as looking up every match, and as the orders filtered by hand', () => {
    const { db, placed } = setUp();
    const walked = new HistoryQuery(db.db, 1);
    const lookedUp = new HistoryQuery(db.db, Number.MAX_SAFE_INTEGER);
    for (const q of SEARCHES) {
      const want = expected(placed, q);
      assert.deepEqual(everyPage(walked, q), want, `walked: ${JSON.stringify(q)}`);
      assert.deepEqual(everyPage(lookedUp, q), want, `looked up: ${JSON.stringify(q)}`);
      assert.deepEqual(everyPage(db.history, q), want, `as the app runs it: ${JSON.stringify(q)}`);
    }
    assert.ok(expected(placed, SEARCHES[0] as HistorySearch).length > 3, 'the combined filter spans pages');
    assert.ok(
      expected(placed, { text: 'ana' }).some((id) => placed.find((o) => o.id === id)?.name.startsWith('Â')),
      'accents aside',
    );
  });

  it('name + store + dates: a common name walks the creation-time index through the dates, in its order, and never scans the orders', () => {
    const { db, placed } = setUp();
    const q: HistorySearch = { text: 'ana', merchantId: MERCHANT, fromMs: T0 - 60 * HOUR, toMs: T0 - 12 * HOUR, limit: 3 };
    const matches = expected(placed, { text: 'ana' }).length;
    const common = new HistoryQuery(db.db, matches);
    const steps = pageSteps(common.plan(q));
    assert.ok(
      steps.some((s) => /^SEARCH o USING (COVERING )?INDEX orders_by_created \(created_ms>\? AND created_ms<\?\)$/.test(s)),
      steps.join(' | '),
    );
    assert.deepEqual(fullScan(steps), []);
    assert.ok(!steps.some((s) => s.includes('TEMP B-TREE')), 'no sort: the walk stops once the page is full');
    const next = common.search(q).next ?? undefined;
    assert.ok(next);
    const deeper = pageSteps(common.plan({ ...q, cursor: next }));
    assert.ok(
      deeper.some((s) => s.startsWith('SEARCH o USING') && s.includes('INDEX orders_by_created')),
      deeper.join(' | '),
    );
    assert.deepEqual(fullScan(deeper), []);
  });

  it('a text with fewer matches than the common mark looks each one up by rowid, whatever the dates', () => {
    const { db, placed } = setUp();
    const q: HistorySearch = { text: 'ana', merchantId: MERCHANT, fromMs: T0 - 60 * HOUR, toMs: T0 - 12 * HOUR, limit: 3 };
    const rare = new HistoryQuery(db.db, expected(placed, { text: 'ana' }).length + 1);
    const steps = pageSteps(rare.plan(q));
    assert.ok(steps.includes('SEARCH o USING INTEGER PRIMARY KEY (rowid=?)'), steps.join(' | '));
    assert.ok(!steps.some((s) => s.includes('orders_by_created')), steps.join(' | '));
    assert.deepEqual(fullScan(steps), []);
    for (const text of ['7', 'nobody']) assert.deepEqual(fullScan(pageSteps(db.history.plan({ ...q, text }))), [], text);
  });
});
