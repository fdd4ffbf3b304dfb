import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RushStore } from '../../../src-shared/ipc/channels/rush';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { WallRecord } from '../../../src-main/chain/db/chain-console';
import { statusWall, TERMINALS_LOST_MS } from '../../../src-main/chain/console/status-wall';
import { ConsoleSignIn, TRIES_PER_MINUTE } from '../../../src-main/chain/console/console-sign-in';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import type { PgChainConsole } from '../../../src-main/chain/db/chain-console';

const NOW = Date.parse('2026-11-24T15:00:00Z');

const record = (storeId: string, over: Partial<WallRecord> = {}): WallRecord => ({
  storeId,
  name: storeId,
  placed: 0,
  confirmed: 0,
  ready: 0,
  late: 0,
  uncollected: 0,
  requests: 0,
  requestDueMs: null,
  paired: 1,
  connected: 1,
  lastContactMs: NOW,
  printersOut: 0,
  ...over,
});

const snapshot = (merchantId: string, summary: StoreStatusSnapshot['summary'], title?: string): StoreStatusSnapshot => ({
  merchantId,
  summary,
  entries: [
    {
      operation: 'DELIVERY',
      salesChannel: 'MARKETPLACE',
      available: summary === 'open',
      state: summary === 'open' ? 'OK' : summary === 'problem' ? 'ERROR' : 'CLOSED',
      validations: title ? [{ code: 'is-connected', state: 'CLOSED', message: { title } }] : [],
    },
  ],
  checkedAt: new Date(NOW).toISOString(),
  error: null,
});

describe('the status wall', () => {
  it('puts the stores that need a look first: late orders, then a store closed by a problem, then lost terminals; calm stores by name', () => {
    const records = [
      record('Calma B'),
      record('Calma A'),
      record('Terminais', { connected: 0, lastContactMs: NOW - TERMINALS_LOST_MS - 1 }),
      record('Atrasada', { placed: 2, late: 1 }),
      record('Fechada'),
    ];
    const statuses: Record<string, StoreStatusSnapshot> = {
      'Calma A': snapshot('Calma A', 'open'),
      'Calma B': snapshot('Calma B', 'open'),
      Terminais: snapshot('Terminais', 'open'),
      Atrasada: snapshot('Atrasada', 'open'),
      Fechada: snapshot('Fechada', 'problem', 'Loja desconectada'),
    };
    const wall = statusWall(records, (id) => statuses[id], NOW, NOW - 1_000);
    assert.deepEqual(
      wall.stores.map((s) => s.storeId),
      ['Atrasada', 'Fechada', 'Terminais', 'Calma A', 'Calma B'],
    );
    const closed = wall.stores.find((s) => s.storeId === 'Fechada');
    assert.deepEqual(closed?.alerts, ['closed-in-hours']);
    assert.equal(closed?.reason, 'Loja desconectada', "the platform's own words");
    assert.deepEqual(wall.stores.find((s) => s.storeId === 'Atrasada')?.alerts, ['late-orders']);
    const shelf = statusWall([record('Prateleira', { ready: 1, uncollected: 1 })], (id) => snapshot(id, 'open'), NOW, NOW).stores[0];
    assert.deepEqual(shelf?.alerts, ['late-orders'], 'an order ready and not collected for 10 minutes is late too');
    assert.equal(shelf?.orders.uncollected, 1);
    assert.equal(wall.lastPollAt, new Date(NOW - 1_000).toISOString());
    assert.equal(wall.pollingLost, false);
  });

  it('puts a customer request with under 3 minutes left above everything, and says when nobody polls', () => {
    const records = [
      record('Atrasada', { placed: 3, late: 3 }),
      record('Disputa', { requests: 1, requestDueMs: NOW + 2 * 60_000 }),
      record('Folga', { requests: 1, requestDueMs: NOW + 10 * 60_000 }),
    ];
    const wall = statusWall(records, (id) => snapshot(id, 'open'), NOW, NOW - 61_000);
    assert.equal(wall.stores[0]?.storeId, 'Disputa');
    assert.deepEqual(wall.stores[0]?.alerts, ['request-due']);
    assert.deepEqual(wall.stores.find((s) => s.storeId === 'Folga')?.alerts, [], 'ten minutes left: on the wall, not an alert');
    assert.equal(wall.stores[0]?.orders.requestDueAt, new Date(NOW + 2 * 60_000).toISOString());
    assert.equal(wall.pollingLost, true, 'no poll for over a minute');
  });

  it('calls terminals lost only when none is connected and none was heard from for two minutes, and a store never read "status unread"', () => {
    const records = [
      record('Recente', { connected: 0, lastContactMs: NOW - TERMINALS_LOST_MS + 1_000 }),
      record('Sem terminais', { paired: 0, connected: 0, lastContactMs: null }),
      record('Nunca lida'),
    ];
    const wall = statusWall(records, (id) => (id === 'Nunca lida' ? undefined : snapshot(id, 'open')), NOW, null);
    assert.deepEqual(wall.stores.find((s) => s.storeId === 'Recente')?.alerts, [], 'heard from within two minutes (another replica, a reconnect)');
    assert.deepEqual(wall.stores.find((s) => s.storeId === 'Sem terminais')?.alerts, [], 'no terminal paired: nothing to lose');
    const unread = wall.stores.find((s) => s.storeId === 'Nunca lida');
    assert.equal(unread?.summary, 'unknown');
    assert.deepEqual(unread?.alerts, ['status-unread']);
  });
});

describe('the status wall: printers out', () => {
  it('raises "printer out" for a store whose connected terminals said a printer does not print, and puts it above lost terminals', () => {
    const records = [
      record('Terminais', { connected: 0, lastContactMs: NOW - TERMINALS_LOST_MS - 1 }),
      record('Impressora', { printersOut: 2 }),
      record('Calma'),
    ];
    const wall = statusWall(records, (id) => snapshot(id, 'open'), NOW, NOW);
    assert.deepEqual(
      wall.stores.map((s) => s.storeId),
      ['Impressora', 'Terminais', 'Calma'],
    );
    const printer = wall.stores[0];
    assert.deepEqual(printer?.alerts, ['printer-out']);
    assert.equal(printer?.terminals.printersOut, 2);
    assert.deepEqual(wall.stores.find((s) => s.storeId === 'Calma')?.alerts, []);
  });
});

describe('the status wall: the rush gauge', () => {
  it('says each store’s word, raises "closure risk" while a warning stands and puts that store above a closed one; a swamped store above a calm one', () => {
    const records = [record('Calma'), record('Fechada'), record('Lotada'), record('Risco')];
    const rush: Record<string, RushStore> = {
      Lotada: { merchantId: 'Lotada', level: 'swamped', pressure: 2.4, warnings: [] },
      Risco: { merchantId: 'Risco', level: 'swamped', pressure: 0.6, warnings: [{ rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 0 }] },
    };
    const wall = statusWall(
      records,
      (id) => snapshot(id, id === 'Fechada' ? 'problem' : 'open'),
      NOW,
      NOW,
      (id) => rush[id],
    );
    assert.deepEqual(
      wall.stores.map((s) => [s.storeId, s.rush.level, s.alerts]),
      [
        ['Risco', 'swamped', ['closure-risk']],
        ['Fechada', 'calm', ['closed-in-hours']],
        ['Lotada', 'swamped', []],
        ['Calma', 'calm', []],
      ],
    );
    assert.deepEqual(wall.stores[0]?.rush.warnings, rush.Risco?.warnings);
  });
});

describe('console sign-in', () => {
  it(`limits one address to ${TRIES_PER_MINUTE} tries a minute, whatever the logins, then lets it try again`, async () => {
    const clock = new ManualClock(NOW);
    const recorded: string[] = [];
    const db = {
      account: async () => null,
      record: async (entry: { outcome: string }) => void recorded.push(entry.outcome),
    } as unknown as PgChainConsole;
    const signIn = new ConsoleSignIn({ db, clock, logger: silentLogger });
    for (let i = 0; i < TRIES_PER_MINUTE; i++) {
      const outcome = await signIn.signIn({ login: `quem-${i}`, password: 'x' }, '203.0.113.9');
      assert.deepEqual(outcome, { ok: false, kind: 'unauthenticated' });
    }
    const limited = await signIn.signIn({ login: 'mais-um', password: 'x' }, '203.0.113.9');
    assert.equal(limited.ok === false && limited.kind, 'rate-limited');
    assert.ok(limited.ok === false && (limited.retryAfterSeconds ?? 0) > 0);
    const elsewhere = await signIn.signIn({ login: 'mais-um', password: 'x' }, '198.51.100.7');
    assert.equal(elsewhere.ok === false && elsewhere.kind, 'unauthenticated', 'another address is not held back');
    clock.advance(60_000);
    const later = await signIn.signIn({ login: 'mais-um', password: 'x' }, '203.0.113.9');
    assert.equal(later.ok === false && later.kind, 'unauthenticated');
    assert.equal(recorded.length, TRIES_PER_MINUTE + 2, 'every try that reached an account check was recorded');
  });
});
