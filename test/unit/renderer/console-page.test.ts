import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { render } from 'svelte/server';
import { type BulkView, type Report, ReportRow, type StorePage as StorePageData, type Wall, type WallStore } from '../../../src-shared/console/console-api';
import type { TrailEntry } from '../../../src-shared/ipc/channels/staff';
import { TRAILED } from '../../../src-shared/staff/staff-rules';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import { trailLine } from '../../../src-renderer/staff/trail-words';
import { BULK_POLL_MS } from '../../../src-renderer/console/bulk-state.svelte';
import { chainConsoleContext, createChainConsole } from '../../../src-renderer/console/chain-console';
import { ConsoleClient, failure, reportPath, type EventSourceLike } from '../../../src-renderer/console/console-client';
import { agoWords, failureWords, hoursProblemWords, teamFailureWords } from '../../../src-renderer/console/console-words';
import { defaultWeek, hoursInput } from '../../../src-renderer/console/bulk-hours';
import { promotionInput } from '../../../src-renderer/console/bulk-promotion';
import BulkHoursDialog from '../../../src-renderer/console/BulkHoursDialog.svelte';
import BulkPromotionDialog from '../../../src-renderer/console/BulkPromotionDialog.svelte';
import { emptyForm } from '../../../src-renderer/promotions/promotion-form';
import { dayOf } from '../../../src-shared/local-day';
import { bulkPauseProblem, pauseEndMs } from '../../../src-renderer/console/pause-end';
import type { Timers } from '../../../src-renderer/console/timers';
import { REOPEN_AFTER_MS } from '../../../src-renderer/console/wall-state.svelte';
import { filterCounts, indexWall, visibleStores } from '../../../src-renderer/console/wall-view';
import { soldOutInput } from '../../../src-renderer/console/sold-out';
import StatusWall from '../../../src-renderer/console/StatusWall.svelte';
import BulkDialog from '../../../src-renderer/console/BulkDialog.svelte';
import SoldOutDialog from '../../../src-renderer/console/SoldOutDialog.svelte';
import ReportsPage from '../../../src-renderer/console/ReportsPage.svelte';
import StorePage from '../../../src-renderer/console/StorePage.svelte';
import TeamPage from '../../../src-renderer/console/TeamPage.svelte';
import ConsoleNav from '../../../src-renderer/console/ConsoleNav.svelte';
import AccountDialog from '../../../src-renderer/console/AccountDialog.svelte';
import GroupDialog from '../../../src-renderer/console/GroupDialog.svelte';
import { accountInput, groupInput } from '../../../src-renderer/console/team-view';
import { STORE_PAGE_REFRESH_MS } from '../../../src-renderer/console/store-page-state.svelte';
import { reportQuery } from '../../../src-renderer/console/report-periods';
import { delta, leaderboard, minutesSeconds, nextSort, sortRows, totalRow } from '../../../src-renderer/console/report-view';

/** The server's clock, far from this machine's: every "now" the page uses must be this one. */
const SERVER_NOW = Date.parse('2026-11-24T15:00:00.000Z');
const BROWSER_NOW = SERVER_NOW - 7 * 60_000;

function store(storeId: string, name: string, patch: Partial<WallStore> = {}): WallStore {
  return {
    storeId,
    name,
    summary: 'open',
    reason: null,
    checkedAt: null,
    orders: { placed: 0, confirmed: 0, ready: 0, late: 0, uncollected: 0, requests: 0, requestDueAt: null },
    terminals: { connected: 1, paired: 1, printersOut: 0 },
    rush: { level: 'calm', warnings: [] },
    alerts: [],
    attention: 0,
    ...patch,
  };
}

const STORES: WallStore[] = [
  store('s-zona', 'Zona Norte', { summary: 'paused', reason: 'Cozinha lotada', attention: 30 }),
  store('s-agua', 'Água Branca', { summary: 'problem', alerts: ['closed-in-hours'], attention: 300 }),
  store('s-abc', 'ABC Paulista'),
  store('s-late', 'Bela Vista', {
    orders: { placed: 3, confirmed: 1, ready: 0, late: 2, uncollected: 0, requests: 0, requestDueAt: null },
    alerts: ['late-orders'],
    attention: 455,
  }),
  store('s-sj', 'São João', { summary: 'closed' }),
  store('s-agua2', 'Agua Funda', { attention: 300, summary: 'unavailable' }),
];

const wallAt = (at: number, stores = STORES): Wall => ({
  at: new Date(at).toISOString(),
  lastPollAt: new Date(at - 12_000).toISOString(),
  pollingLost: false,
  stores,
});

const inLocale = (locale: 'pt-BR' | 'en'): I18n => {
  const i18n = new I18n();
  i18n.setLocale(locale);
  return i18n;
};

describe('the status wall: order, chips and search', () => {
  const indexed = indexWall(STORES);

  it('puts the most urgent first, then sorts by name as Portuguese does (accents beside their letter)', () => {
    assert.deepEqual(
      visibleStores(indexed, '', 'all').map((s) => s.name),
      ['Bela Vista', 'Água Branca', 'Agua Funda', 'Zona Norte', 'ABC Paulista', 'São João'],
    );
  });

  it('each chip keeps its stores: attention is any alert, closed is neither open nor paused', () => {
    assert.deepEqual(
      visibleStores(indexed, '', 'attention').map((s) => s.storeId),
      ['s-late', 's-agua'],
    );
    assert.deepEqual(
      visibleStores(indexed, '', 'paused').map((s) => s.storeId),
      ['s-zona'],
    );
    assert.deepEqual(
      visibleStores(indexed, '', 'closed').map((s) => s.storeId),
      ['s-agua', 's-agua2', 's-sj'],
    );
    assert.deepEqual(filterCounts(STORES), { all: 6, attention: 2, paused: 1, closed: 3 });
  });

  it('finds a store by part of its name, whatever its accents and case, within the chip', () => {
    assert.deepEqual(
      visibleStores(indexed, '  sao jo', 'all').map((s) => s.storeId),
      ['s-sj'],
    );
    assert.deepEqual(
      visibleStores(indexed, 'AGUA', 'all').map((s) => s.storeId),
      ['s-agua', 's-agua2'],
    );
    assert.deepEqual(
      visibleStores(indexed, 'agua', 'attention').map((s) => s.storeId),
      ['s-agua'],
    );
  });
});

describe('a bulk pause’s end, from the server’s clock', () => {
  it('adds the minutes chosen to the server’s now', () => {
    assert.equal(pauseEndMs({ minutes: 30 }, SERVER_NOW), SERVER_NOW + 30 * 60_000);
  });

  it('"until 18:30" is today’s 18:30 when it is ahead, tomorrow’s when it has passed', () => {
    // Local clock-face times: the same test at any time zone.
    const afternoon = new Date(2026, 10, 24, 14, 5, 20).getTime();
    assert.equal(pauseEndMs({ until: '18:30' }, afternoon), new Date(2026, 10, 24, 18, 30).getTime());
    const evening = new Date(2026, 10, 24, 19, 0).getTime();
    assert.equal(pauseEndMs({ until: '18:30' }, evening), new Date(2026, 10, 25, 18, 30).getTime());
    assert.equal(pauseEndMs({ until: '18:30' }, new Date(2026, 10, 24, 18, 30).getTime()), new Date(2026, 10, 25, 18, 30).getTime());
    assert.equal(pauseEndMs({ until: '25:00' }, afternoon), null);
    assert.equal(pauseEndMs({ until: '1830' }, afternoon), null, 'the field tidies 1830 to 18:30 first');
  });

  it('holds it to the Store page’s rules', () => {
    assert.equal(bulkPauseProblem('Cozinha lotada', SERVER_NOW + 30 * 60_000, SERVER_NOW), null);
    assert.equal(bulkPauseProblem('   ', SERVER_NOW + 30 * 60_000, SERVER_NOW), 'description-empty');
    assert.equal(bulkPauseProblem('Cozinha lotada', null, SERVER_NOW), 'clock-invalid');
    assert.equal(bulkPauseProblem('Cozinha lotada', SERVER_NOW + 30_000, SERVER_NOW), 'too-short');
    assert.equal(bulkPauseProblem('Cozinha lotada', SERVER_NOW - 60_000, SERVER_NOW), 'end-before-start');
  });
});

describe('refusals in the page’s words, by kind', () => {
  it('a 401 at sign-in is a wrong login or password; anywhere else a session that ended', () => {
    const refused = failure('unauthenticated', 'wrong login or password', 401);
    assert.equal(failureWords(inLocale('pt-BR'), refused, 'sign-in'), 'Login ou senha incorretos.');
    assert.equal(failureWords(inLocale('en'), refused, 'sign-in'), 'Wrong login or password.');
    assert.equal(failureWords(inLocale('pt-BR'), refused), 'Sua sessão terminou. Entre de novo.');
  });

  it('a lock and a rate limit say how long to wait, in whole minutes or seconds', () => {
    assert.equal(
      failureWords(inLocale('pt-BR'), failure('locked', 'locked', 423, 900), 'sign-in'),
      'Conta bloqueada depois de várias senhas erradas. Tente de novo em 15\u00a0min.',
    );
    assert.equal(
      failureWords(inLocale('en'), failure('locked', 'locked', 423, 61), 'sign-in'),
      'Account locked after several wrong passwords. Try again in 2\u00a0min.',
    );
    assert.equal(
      failureWords(inLocale('pt-BR'), failure('rate-limited', 'too many', 429, 30), 'sign-in'),
      'Muitas tentativas deste endereço. Espere 30\u00a0s e tente de novo.',
    );
    assert.equal(failureWords(inLocale('en'), failure('locked', 'locked', 423), 'sign-in'), 'Account locked after several wrong passwords. Try again later.');
  });

  it('says how long ago the platform was read, on the server’s clock', () => {
    const read = new Date(SERVER_NOW - 12_000).toISOString();
    assert.equal(agoWords(inLocale('pt-BR'), read, SERVER_NOW), 'há 12 s');
    assert.equal(agoWords(inLocale('en'), read, SERVER_NOW + 5 * 60_000), '5 min ago');
  });
});

/** A fetch that answers from a table and keeps every request. */
type FakeAnswer = (path: string, init: RequestInit) => Response | Error | Promise<Response>;
function fakeFetch(answer: FakeAnswer) {
  const calls: { path: string; init: RequestInit }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({ path, init });
    const result = await answer(path, init);
    if (result instanceof Error) throw result;
    return result;
  }) as typeof fetch;
  return { fetcher, calls };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ME = { login: 'dona@rede.com', name: 'Dona da rede', role: 'owner', csrfToken: 'csrf-1' } as const;

/** A store's row of a report as the server sends it (parsed: whatever else the schema asks is there), no order at any step unless the patch says so. */
function reportRow(storeId: string, name: string, patch: Partial<ReportRow> = {}): ReportRow {
  const figures = { orders: 0, sales: 0, confirmP50Ms: null, confirmP90Ms: null, readyP50Ms: null, lateShare: 0, cancelled: 0, cancelledBy: {} };
  return ReportRow.parse({ storeId, name, ...figures, rating: null, ratedReviews: null, ...patch });
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** A report of two periods: a store grew, one is new, one had orders only before. */
const COMPARED: Report = {
  periods: [
    {
      from: iso(SERVER_NOW - 3_600_000),
      to: iso(SERVER_NOW),
      stores: [
        reportRow('s-a', 'Água Branca', {
          orders: 12,
          sales: 480,
          confirmP50Ms: 45_000,
          lateShare: 0.25,
          cancelled: 2,
          cancelledBy: { CONFIRMATION_TIMEOUT: 2 },
        }),
        reportRow('s-b', 'Bela Vista', { orders: 30, sales: 1200.5, confirmP50Ms: 125_000 }),
        reportRow('s-c', 'Cambuci', { orders: 12, sales: 300 }),
      ],
    },
    {
      from: iso(SERVER_NOW - 2 * 3_600_000),
      to: iso(SERVER_NOW - 3_600_000),
      stores: [
        reportRow('s-a', 'Água Branca', { orders: 8, sales: 480, confirmP50Ms: 30_000, lateShare: 0.1 }),
        reportRow('s-z', 'Zona Norte', { orders: 5, sales: 150 }),
      ],
    },
  ],
};

describe('the reports’ periods, on the browser’s calendar', () => {
  // Local clock-face times: the same test in any time zone. 25 November 2026 is a Wednesday.
  const wednesday = new Date(2026, 10, 25, 14, 37, 20).getTime();
  const nextMinute = new Date(2026, 10, 25, 14, 38).getTime();

  it('today is from midnight to the next whole minute; compared, yesterday up to the same time', () => {
    assert.deepEqual(reportQuery('today', false, wednesday), { from: iso(new Date(2026, 10, 25).getTime()), to: iso(nextMinute) });
    assert.deepEqual(reportQuery('today', true, wednesday), {
      from: iso(new Date(2026, 10, 25).getTime()),
      to: iso(nextMinute),
      compareFrom: iso(new Date(2026, 10, 24).getTime()),
      compareTo: iso(new Date(2026, 10, 24, 14, 38).getTime()),
    });
  });

  it('the last 7 and 30 days count today in, compared with the 7 and 30 days before', () => {
    assert.deepEqual(reportQuery('last7', true, wednesday), {
      from: iso(new Date(2026, 10, 19).getTime()),
      to: iso(nextMinute),
      compareFrom: iso(new Date(2026, 10, 12).getTime()),
      compareTo: iso(new Date(2026, 10, 18, 14, 38).getTime()),
    });
    assert.equal(reportQuery('last30', false, wednesday).from, iso(new Date(2026, 9, 27).getTime()));
  });

  it('this week starts on Monday, against last week up to the same weekday and time; a Sunday is the week’s last day', () => {
    assert.deepEqual(reportQuery('week', true, wednesday), {
      from: iso(new Date(2026, 10, 23).getTime()),
      to: iso(nextMinute),
      compareFrom: iso(new Date(2026, 10, 16).getTime()),
      compareTo: iso(new Date(2026, 10, 18, 14, 38).getTime()),
    });
    const sunday = new Date(2026, 10, 29, 23, 59, 30).getTime();
    assert.equal(reportQuery('week', false, sunday).from, iso(new Date(2026, 10, 23).getTime()));
    assert.equal(reportQuery('week', false, new Date(2026, 10, 30, 0, 0, 1).getTime()).from, iso(new Date(2026, 10, 30).getTime()), 'Monday starts a new week');
  });
});

describe('the reports’ leaderboard', () => {
  it('joins the periods by store: one with orders only before is on the board with none now', () => {
    const rows = leaderboard(COMPARED);
    assert.deepEqual(
      rows.map((r) => [r.storeId, r.now.orders, r.before?.orders]),
      [
        ['s-a', 12, 8],
        ['s-b', 30, 0],
        ['s-c', 12, 0],
        ['s-z', 0, 5],
      ],
    );
    assert.deepEqual(
      leaderboard({
        periods: [
          { from: '', to: '', stores: [] },
          { from: '', to: '', stores: [reportRow('s-z', 'Zona Norte', { orders: 5 })] },
        ],
      }),
      [],
    );
  });

  it('sorts by any column either way, a store with no time last either way, ties by name', () => {
    const rows = leaderboard(COMPARED);
    assert.deepEqual(
      sortRows(rows, { column: 'orders', direction: 'descending' }).map((r) => r.storeId),
      ['s-b', 's-a', 's-c', 's-z'],
    );
    assert.deepEqual(
      sortRows(rows, { column: 'confirmP50', direction: 'ascending' }).map((r) => r.storeId),
      ['s-a', 's-b', 's-c', 's-z'],
    );
    assert.deepEqual(
      sortRows(rows, { column: 'confirmP50', direction: 'descending' }).map((r) => r.storeId),
      ['s-b', 's-a', 's-c', 's-z'],
    );
    assert.deepEqual(
      sortRows(rows, { column: 'store', direction: 'descending' }).map((r) => r.name),
      ['Zona Norte', 'Cambuci', 'Bela Vista', 'Água Branca'],
    );
    assert.deepEqual(nextSort({ column: 'orders', direction: 'descending' }, 'orders'), { column: 'orders', direction: 'ascending' });
    assert.deepEqual(nextSort({ column: 'orders', direction: 'descending' }, 'store'), { column: 'store', direction: 'ascending' });
    assert.deepEqual(nextSort({ column: 'store', direction: 'ascending' }, 'late'), { column: 'late', direction: 'descending' });
  });

  it('a change is a share of the earlier figure, the late share in points; none before, or no time, said so', () => {
    const [a, b] = leaderboard(COMPARED);
    assert.ok(a?.before && b?.before);
    assert.deepEqual(delta('orders', a.now, a.before), { trend: 'up', change: 0.5, points: false });
    assert.deepEqual(delta('sales', a.now, a.before), { trend: 'same' });
    const late = delta('late', a.now, a.before);
    assert.ok(late?.trend === 'up' && late.points && Math.abs(late.change - 15) < 1e-9, `25 % late against 10 %: 15 points up (${JSON.stringify(late)})`);
    assert.deepEqual(delta('orders', b.now, b.before), { trend: 'from-zero' });
    assert.equal(delta('confirmP50', b.now, b.before), null, 'no confirmed order before: no change to tell');
  });

  it('totals sum the stores and weigh the late share by their orders; times as minutes:seconds', () => {
    const total = totalRow(leaderboard(COMPARED).map((r) => r.now));
    assert.deepEqual([total.orders, total.sales, total.cancelled, total.cancelledBy], [54, 1980.5, 2, { CONFIRMATION_TIMEOUT: 2 }]);
    assert.equal(total.lateShare, 3 / 54);
    assert.equal(total.confirmP50Ms, null, 'a percentile of the chain is not a sum of the stores’ percentiles');
    assert.deepEqual([minutesSeconds(45_000), minutesSeconds(125_400), minutesSeconds(4_350_000)], ['0:45', '2:05', '72:30']);
  });
});

describe('the console’s client: every answer parsed, every failure a kind', () => {
  it('reads the server’s refusal, its kind and wait', async () => {
    const { fetcher } = fakeFetch(() => json(423, { error: { kind: 'locked', message: 'locked', retryAfterSeconds: 840 } }));
    const answer = await new ConsoleClient(fetcher).signIn({ login: 'dona@rede.com', password: 'errada-errada' });
    assert.deepEqual(answer, { ok: false, error: { kind: 'locked', message: 'locked', status: 423, retryAfterSeconds: 840 } });
  });

  it('a proxy’s page is worded by its status, a cut is `connection`, a broken body `unreadable`', async () => {
    const proxy = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    assert.equal((await new ConsoleClient(proxy.fetcher).wall()).ok === false && 'unavailable', 'unavailable');
    const limited = fakeFetch(() => new Response('slow down', { status: 429, headers: { 'retry-after': '20' } }));
    const slow = await new ConsoleClient(limited.fetcher).me();
    assert.deepEqual(slow.ok ? null : [slow.error.kind, slow.error.retryAfterSeconds], ['rate-limited', 20]);
    const cut = await new ConsoleClient(fakeFetch(() => new TypeError('Failed to fetch')).fetcher).me();
    assert.deepEqual(cut.ok ? null : [cut.error.kind, cut.error.status], ['connection', null]);
    const broken = await new ConsoleClient(fakeFetch(() => json(200, { stores: 'all' })).fetcher).wall();
    assert.equal(broken.ok ? null : broken.error.kind, 'unreadable');
  });

  it('sends nothing its schema refuses, and each change with the session’s CSRF token', async () => {
    const { fetcher, calls } = fakeFetch((path) =>
      path === '/api/bulk/pause' ? json(202, { bulkId: 'b-1', kind: 'pause', createdAt: new Date(SERVER_NOW).toISOString(), stores: [] }) : json(500, {}),
    );
    const client = new ConsoleClient(fetcher);
    const empty = await client.signIn({ login: '  ', password: 'x' });
    assert.equal(empty.ok ? null : empty.error.kind, 'invalid');
    assert.equal(calls.length, 0);
    const end = new Date(SERVER_NOW + 30 * 60_000).toISOString();
    assert.equal((await client.bulkPause({ stores: ['s-1'], description: ' Cozinha lotada ', end }, 'csrf-1')).ok, true);
    assert.equal(calls[0]?.init.method, 'POST');
    assert.equal((calls[0]?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), { stores: ['s-1'], description: 'Cozinha lotada', end });
  });
});

/** Timers stepped by hand: what is due runs when the test says so. */
function handTimers() {
  const due: { run: () => void; ms: number; handle: number }[] = [];
  let next = 0;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.push({ run, ms, handle: ++next });
      return next;
    },
    clearTimeout: (handle) => {
      const at = due.findIndex((t) => t.handle === handle);
      if (at >= 0) due.splice(at, 1);
    },
  };
  return { timers, due, fire: () => due.shift()?.run() };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A stream the test drives: it opens, pushes walls, fails. */
function fakeStream() {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const opened: string[] = [];
  let closed = 0;
  const source: EventSourceLike & { readyState: number } = {
    readyState: 0,
    addEventListener: ((type: string, listener: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener])) as never,
    close: () => void (closed += 1),
  };
  const emit = (type: string, event: unknown = {}) => listeners.get(type)?.forEach((listener) => listener(event));
  return {
    open: (url: string) => {
      opened.push(url);
      listeners.clear();
      return source;
    },
    source,
    opened,
    closedCount: () => closed,
    push: (wall: Wall) => emit('wall', { data: JSON.stringify(wall) }),
    fail: (state: number) => {
      source.readyState = state;
      emit('error');
    },
  };
}

describe('the page’s state against a fake server', () => {
  /** The page over a fake server; stopped after the test, passed or failed (its clock ticks until then). */
  function consoleWith(t: TestContext, answer: FakeAnswer) {
    const http = fakeFetch(answer);
    const stream = fakeStream();
    const hand = handTimers();
    const page = createChainConsole({ client: new ConsoleClient(http.fetcher, stream.open), systemNow: () => BROWSER_NOW, timers: hand.timers });
    t.after(() => {
      page.wall.stop();
      page.bulk.forget();
    });
    return { page, http, stream, hand };
  }

  it('follows the server’s clock from each wall, and a pushed wall is not replaced by an older read', async (t) => {
    const { page, stream } = consoleWith(t, (path) => (path === '/api/me' ? json(200, ME) : json(200, wallAt(SERVER_NOW - 5_000))));
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW, STORES.slice(0, 2)));
    await settle();
    assert.equal(page.wall.wall?.stores.length, 2, 'the older read did not replace the pushed wall');
    assert.equal(page.now.read(), SERVER_NOW, 'the page’s now is the server’s, 7 minutes off this machine’s');
    assert.equal(page.wall.live, 'live');
  });

  it('a broken stream says live updates are lost; a session that ended brings the sign-in back', async (t) => {
    let signedIn = true;
    const { page, stream } = consoleWith(t, (path) =>
      path === '/api/me'
        ? signedIn
          ? json(200, ME)
          : json(401, { error: { kind: 'unauthenticated', message: 'sign in first' } })
        : json(200, wallAt(SERVER_NOW)),
    );
    await page.session.check();
    page.wall.start();
    await settle();
    signedIn = false;
    stream.fail(0);
    assert.equal(page.wall.live, 'lost');
    await settle();
    assert.equal(page.session.phase, 'signed-out');
    assert.equal(page.session.notice?.kind, 'unauthenticated');
    assert.equal(failureWords(page.i18n, page.session.notice), 'Sua sessão terminou. Entre de novo.');
  });

  it('a stream the browser gave up on is opened again while the session holds', async (t) => {
    const { page, stream, hand } = consoleWith(t, (path) => (path === '/api/me' ? json(200, ME) : json(200, wallAt(SERVER_NOW))));
    await page.session.check();
    page.wall.start();
    await settle();
    stream.fail(2);
    await settle();
    assert.equal(page.session.phase, 'signed-in');
    assert.deepEqual(
      hand.due.map((t) => t.ms),
      [REOPEN_AFTER_MS],
    );
    hand.fire();
    assert.deepEqual(stream.opened, ['/api/wall/stream', '/api/wall/stream']);
  });

  it('a bulk pause is read every second while a store is queued, and its failed stores are sent again alone', async (t) => {
    const end = new Date(SERVER_NOW + 30 * 60_000).toISOString();
    const view = (bulkId: string, states: [string, BulkView['stores'][number]['state'], string | null][]): BulkView => ({
      bulkId,
      kind: 'pause',
      createdAt: new Date(SERVER_NOW).toISOString(),
      stores: states.map(([storeId, state, reason]) => ({ storeId, state, reason })),
    });
    const reads = [
      view('b-1', [
        ['s-1', 'done', null],
        ['s-2', 'queued', null],
        ['s-3', 'queued', null],
      ]),
      view('b-1', [
        ['s-1', 'done', null],
        ['s-2', 'failed', 'Loja fechada pela plataforma'],
        ['s-3', 'done', null],
      ]),
    ];
    const { page, http, hand } = consoleWith(t, (path, init) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/bulk/pause' && JSON.parse(String(init.body)).stores.length === 3)
        return json(
          202,
          view(
            'b-1',
            ['s-1', 's-2', 's-3'].map((id) => [id, 'queued', null]),
          ),
        );
      if (path === '/api/bulk/pause') return json(202, view('b-2', [['s-2', 'queued', null]]));
      if (path === '/api/bulk/b-1') return json(200, reads.shift());
      return json(404, { error: { kind: 'not-found', message: 'no' } });
    });
    await page.session.check();
    assert.equal(await page.bulk.pause({ stores: ['s-1', 's-2', 's-3'], description: 'Cozinha lotada', end }), true);
    assert.deepEqual(
      hand.due.map((t) => t.ms),
      [BULK_POLL_MS],
    );
    hand.fire();
    await settle();
    assert.deepEqual(page.bulk.counts, { queued: 2, done: 1, failed: 0, cancelled: 0 });
    hand.fire();
    await settle();
    assert.deepEqual(page.bulk.counts, { queued: 0, done: 2, failed: 1, cancelled: 0 });
    assert.equal(hand.due.length, 0, 'nothing queued: no more reads');
    assert.equal(await page.bulk.retryFailed(), true);
    const retry = http.calls.at(-1);
    assert.deepEqual(JSON.parse(String(retry?.init.body)), { stores: ['s-2'], description: 'Cozinha lotada', end });
    assert.equal(page.bulk.view?.bulkId, 'b-2');
  });

  it('draws each store with its id and summary; a viewer gets no checkbox and no button', async (t) => {
    for (const role of ['owner', 'viewer'] as const) {
      const { page, stream } = consoleWith(t, (path) => (path === '/api/me' ? json(200, { ...ME, role }) : json(200, wallAt(SERVER_NOW))));
      await page.session.check();
      page.wall.start();
      stream.push(wallAt(SERVER_NOW));
      const { body } = render(StatusWall, { context: chainConsoleContext(page) });
      const rows = [...body.matchAll(/data-testid="wall-row" data-store-id="([^"]+)" data-summary="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
      assert.deepEqual(rows, ['s-late:open', 's-agua:problem', 's-agua2:unavailable', 's-zona:paused', 's-abc:open', 's-sj:closed']);
      assert.match(body, /Última leitura da plataforma: há 12 s/);
      assert.equal(/data-testid="select-store"/.test(body), role === 'owner', role);
      assert.equal(/data-testid="bulk-pause"/.test(body), role === 'owner', role);
      assert.equal(/data-testid="bulk-sold-out"/.test(body), role === 'owner', role);
    }
  });

  it('a product sold out across stores: its code trimmed, sent with the CSRF token, its progress per store in words, its failed store sent again alone', async (t) => {
    const chosen = [STORES[2], STORES[0]].filter((s) => s !== undefined);
    assert.equal(soldOutInput(chosen, '   ', 'UNAVAILABLE'), null, 'no code, nothing to send');
    const input = soldOutInput(chosen, '  CV-MAS-02 ', 'UNAVAILABLE');
    assert.deepEqual(input, { stores: ['s-abc', 's-zona'], externalCode: 'CV-MAS-02', status: 'UNAVAILABLE' });
    const view = (bulkId: string, states: [string, BulkView['stores'][number]['state'], string | null][]): BulkView => ({
      bulkId,
      kind: 'sold-out',
      createdAt: new Date(SERVER_NOW).toISOString(),
      stores: states.map(([storeId, state, reason]) => ({ storeId, state, reason })),
    });
    const { page, http, hand, stream } = consoleWith(t, (path, init) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/wall') return json(200, wallAt(SERVER_NOW));
      if (path === '/api/bulk/sold-out' && JSON.parse(String(init.body)).stores.length === 2)
        return json(
          202,
          view('b-so', [
            ['s-abc', 'queued', null],
            ['s-zona', 'queued', null],
          ]),
        );
      if (path === '/api/bulk/sold-out') return json(202, view('b-so-2', [['s-zona', 'queued', null]]));
      if (path === '/api/bulk/b-so')
        return json(
          200,
          view('b-so', [
            ['s-abc', 'done', null],
            ['s-zona', 'failed', 'No product with the code CV-MAS-02'],
          ]),
        );
      return json(404, { error: { kind: 'not-found', message: 'no' } });
    });
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    const form = render(SoldOutDialog, { props: { stores: chosen, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(form, /Esgotar ou voltar a vender um produto em 2 lojas/);
    assert.match(form, /ABC Paulista, Zona Norte/);
    assert.match(form, /data-testid="sold-out-UNAVAILABLE"[^>]*>Esgotar</);
    assert.match(form, /data-testid="sold-out-AVAILABLE"[^>]*>Voltar a vender</);

    assert.equal(await page.bulk.soldOut(input ?? assert.fail('no input')), true);
    const sent = http.calls.find((c) => c.path === '/api/bulk/sold-out');
    assert.equal(sent?.init.method, 'POST');
    assert.equal((sent?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(sent?.init.body)), { stores: ['s-abc', 's-zona'], externalCode: 'CV-MAS-02', status: 'UNAVAILABLE' });
    assert.deepEqual(
      hand.due.map((t) => t.ms),
      [BULK_POLL_MS],
      'its progress is read while a store is queued',
    );
    hand.fire();
    await settle();
    assert.deepEqual(page.bulk.counts, { queued: 0, done: 1, failed: 1, cancelled: 0 });

    const progress = render(BulkDialog, { props: { stores: null, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(progress, /data-testid="bulk-title"[^>]*>Esgotar o produto CV-MAS-02</);
    assert.match(progress, /1 feitas · 1 com falha · 0 na fila/);
    assert.match(
      progress,
      /data-store-id="s-zona" data-state="failed"[^]*?>Zona Norte<[^]*?>Falhou<[^]*?>No product with the code CV-MAS-02</,
      'the failed store first, with the platform’s reason',
    );
    assert.match(progress, /data-store-id="s-abc" data-state="done"/);
    assert.match(progress, /aria-label="Lojas desta mudança"/);
    page.i18n.setLocale('en');
    const english = render(BulkDialog, { props: { stores: null, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(english, /Sell out product CV-MAS-02/);
    assert.match(english, /Retry the failed one/);

    assert.equal(await page.bulk.retryFailed(), true);
    assert.deepEqual(JSON.parse(String(http.calls.at(-1)?.init.body)), { stores: ['s-zona'], externalCode: 'CV-MAS-02', status: 'UNAVAILABLE' });
    assert.equal(page.bulk.view?.bulkId, 'b-so-2');
  });

  /** The page signed in with the server's wall heard (its clock followed), answering reports with `report`. */
  async function reportsWith(t: TestContext, report: (url: URL) => Response | Promise<Response>) {
    const made = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path.startsWith('/api/reports?')) return report(new URL(path, 'https://console'));
      return json(200, wallAt(SERVER_NOW));
    });
    await made.page.session.check();
    made.page.wall.start();
    made.stream.push(wallAt(SERVER_NOW));
    return made;
  }
  const reportsPage = (page: ReturnType<typeof createChainConsole>): string => render(ReportsPage, { context: chainConsoleContext(page) }).body;
  /** The store ids of the leaderboard's rows, top to bottom. */
  const boardOrder = (body: string): string[] => [...body.matchAll(/data-testid="report-row" data-store-id="([^"]+)"/g)].map((m) => m[1] ?? '');
  /** One row's markup, from its id to the next row. */
  const boardRow = (body: string, storeId: string): string =>
    body.split('data-testid="report-row"').find((r) => r.includes(`data-store-id="${storeId}"`)) ?? '';

  it('reads the period asked from the server’s now, draws the leaderboard with its changes in words, and sorts it by a header', async (t) => {
    const { page, http } = await reportsWith(t, () => json(200, COMPARED));
    await page.reports.choose('today');
    const first = new URL(http.calls.find((c) => c.path.startsWith('/api/reports?'))?.path ?? '', 'https://console');
    const server = new Date(SERVER_NOW);
    assert.equal(first.searchParams.get('from'), iso(new Date(server.getFullYear(), server.getMonth(), server.getDate()).getTime()), 'today’s local midnight');
    assert.equal(first.searchParams.get('to'), iso(SERVER_NOW + 60_000), 'up to the server’s next minute, not this machine’s (7 minutes behind)');
    assert.equal(first.searchParams.has('compareFrom'), false);
    await page.reports.setCompare(true);
    const compared = new URL(http.calls.at(-1)?.path ?? '', 'https://console');
    assert.equal(compared.searchParams.get('compareTo'), iso(SERVER_NOW + 60_000 - 86_400_000), 'yesterday up to the same time');

    let body = reportsPage(page);
    assert.match(body, /data-state="shown"/);
    assert.deepEqual(boardOrder(body), ['s-b', 's-a', 's-c', 's-z'], 'most orders first');
    assert.match(body, /<th scope="col" class="orders[^"]*" aria-sort="descending">/);
    assert.equal([...body.matchAll(/aria-sort=/g)].length, 1, 'one column says how the table is sorted');
    const grown = boardRow(body, 's-a');
    assert.match(grown, /R\$\s480,00/);
    assert.match(grown, /data-trend="up" data-tone="better"[^>]*><span aria-hidden="true">▲<\/span> 50% a mais</, 'orders: an arrow and words');
    assert.match(grown, /data-trend="same"[^>]*><span aria-hidden="true">=<\/span> igual</, 'sales the same');
    assert.match(grown, /0:45/);
    assert.match(grown, /data-tone="worse"[^>]*><span aria-hidden="true">▲<\/span> 15 p\.p\. a mais</, 'late: points, and more is worse');
    assert.match(grown, /Não foi confirmado em até 8 minutos: 2/, 'the top cancellation reason in words');
    assert.match(boardRow(body, 's-b'), /antes nenhum/);
    assert.match(
      boardRow(body, 's-z'),
      /data-trend="down" data-tone="worse"[^>]*><span aria-hidden="true">▼<\/span> 100% a menos</,
      'a store with orders only before',
    );
    assert.match(body, /data-testid="report-total"[^]*Total da rede[^]*>54<[^]*R\$\s1\.980,50/);
    const csv = reportPath('csv', page.reports.asked ?? assert.fail('nothing asked'));
    assert.ok(body.includes(`href="${csv.replaceAll('&', '&amp;')}"`), 'the CSV link asks the same periods');
    assert.match(csv, /^\/api\/reports\.csv\?from=[^&]+&to=[^&]+&compareFrom=[^&]+&compareTo=/);

    page.reports.sortBy('confirmP50');
    body = reportsPage(page);
    assert.deepEqual(boardOrder(body), ['s-b', 's-a', 's-c', 's-z'], 'slowest confirmation first, no time last');
    assert.match(body, /class="confirmP50[^"]*" aria-sort="descending"/);
    page.reports.sortBy('confirmP50');
    body = reportsPage(page);
    assert.deepEqual(boardOrder(body), ['s-a', 's-b', 's-c', 's-z']);
    assert.match(body, /class="confirmP50[^"]*" aria-sort="ascending"/);

    page.i18n.setLocale('en');
    body = reportsPage(page);
    assert.match(boardRow(body, 's-a'), /50% more/);
    assert.match(boardRow(body, 's-b'), /none before/);
    assert.match(body, />Download CSV</);
    assert.match(
      body,
      /aria-label="Bar chart of the orders of the 3 stores with the most orders, in this period and the previous one\. The same numbers are in the table\."/,
    );
  });

  it('says in words while it reads, when the period has no order, and when the server failed (with a retry); a session that ended signs out', async (t) => {
    let answer: () => Response | Promise<Response> = () => json(200, { periods: [{ from: iso(SERVER_NOW), to: iso(SERVER_NOW + 60_000), stores: [] }] });
    const { page } = await reportsWith(t, () => answer());
    let release: (response: Response) => void = () => undefined;
    const slow = answer;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const reading = page.reports.load();
    let body = reportsPage(page);
    assert.match(body, /data-state="loading"/);
    assert.match(body, /role="status" data-testid="report-loading">Carregando o relatório…</);
    release(await slow());
    await reading;
    body = reportsPage(page);
    assert.match(body, /data-testid="report-empty">Nenhum pedido neste período</);
    assert.doesNotMatch(body, /data-testid="report-table"/);

    answer = () => json(503, { error: { kind: 'unavailable', message: 'the server could not answer now; try again' } });
    await page.reports.choose('last7');
    body = reportsPage(page);
    assert.match(body, /data-state="failed"/);
    assert.match(body, /role="alert" data-testid="report-error"><p[^>]*>O servidor da rede não pôde responder agora\. Tente de novo em instantes\./);
    assert.match(body, />Tentar de novo</);
    assert.equal(page.session.phase, 'signed-in');

    answer = () => json(401, { error: { kind: 'unauthenticated', message: 'sign in first' } });
    await page.reports.load();
    assert.equal(page.session.phase, 'signed-out');
  });

  it('an answer for the period chosen before never replaces the one chosen after it', async (t) => {
    const held: ((response: Response) => void)[] = [];
    const { page } = await reportsWith(t, () => new Promise<Response>((resolve) => held.push(resolve)));
    const today = page.reports.choose('today');
    const week = page.reports.choose('week');
    held[1]?.(json(200, COMPARED));
    await week;
    held[0]?.(json(200, { periods: [{ from: iso(SERVER_NOW), to: iso(SERVER_NOW + 60_000), stores: [] }] }));
    await today;
    assert.equal(page.reports.rows.length, 4, 'the week’s report stays');
    assert.equal(page.reports.compare, true, 'this week is read against last week');
  });

  /** Bela Vista's page: two open orders (one placed past its deadline), events known and one the terminal does not know. */
  const storePageOf = (row: WallStore): StorePageData => ({
    store: row,
    orders: [
      {
        orderId: 'o-2',
        displayId: '4821',
        status: 'PLACED',
        orderType: 'DELIVERY',
        createdAt: iso(SERVER_NOW - 9 * 60_000),
        confirmDeadline: iso(SERVER_NOW - 60_000),
        customerName: 'Ana',
        total: 52.5,
        late: true,
      },
      {
        orderId: 'o-1',
        displayId: null,
        status: 'READY_TO_PICKUP',
        orderType: 'TAKEOUT',
        createdAt: iso(SERVER_NOW - 20 * 60_000),
        confirmDeadline: null,
        customerName: null,
        total: null,
        late: false,
      },
    ],
    events: [
      { at: iso(SERVER_NOW - 60_000), orderId: 'o-1', displayId: null, code: 'READY_TO_PICKUP' },
      { at: iso(SERVER_NOW - 120_000), orderId: 'o-2', displayId: '4821', code: 'PLC' },
      { at: iso(SERVER_NOW - 180_000), orderId: null, displayId: null, code: 'NEW_THING' },
    ],
    busyMode: { on: false, minutes: 20 },
  });
  const BELA = STORES.find((s) => s.storeId === 's-late') ?? assert.fail('no Bela Vista');

  it('a store’s page: read when opened, again every 10 s and when its wall row changes (not another store’s), not-found said in words', async (t) => {
    let row = BELA;
    const { page, http, hand, stream } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/stores/s-late') return json(200, storePageOf(row));
      if (path.startsWith('/api/stores/')) return json(404, { error: { kind: 'not-found', message: 'no such store among yours' } });
      return json(200, wallAt(SERVER_NOW));
    });
    // The page's own reads (its team is read beside it: test below).
    const reads = () => http.calls.filter((c) => c.path.startsWith('/api/stores/') && !c.path.endsWith('/team')).map((c) => c.path);
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    page.nav.openStore('s-late');
    await page.store.open('s-late');
    page.store.heard(wallAt(SERVER_NOW));
    assert.deepEqual(reads(), ['/api/stores/s-late']);
    assert.deepEqual(
      hand.due.map((d) => d.ms),
      [STORE_PAGE_REFRESH_MS],
    );
    hand.fire();
    await settle();
    assert.equal(reads().length, 2, 'read again after 10 s');

    page.store.heard(
      wallAt(
        SERVER_NOW + 1_000,
        STORES.map((s) => (s.storeId === 's-abc' ? { ...s, summary: 'paused' } : s)),
      ),
    );
    await settle();
    assert.equal(reads().length, 2, 'another store’s change is not this page’s');
    row = { ...BELA, orders: { ...BELA.orders, placed: 4 } };
    page.store.heard(
      wallAt(
        SERVER_NOW + 2_000,
        STORES.map((s) => (s.storeId === 's-late' ? row : s)),
      ),
    );
    await settle();
    assert.equal(reads().length, 3, 'its own row changed: read at once');
    assert.equal(page.store.page?.store.orders.placed, 4);
    assert.equal(hand.due.length, 1, 'one timer, not one per read');

    await page.store.open('s-gone');
    assert.equal(page.store.error?.kind, 'not-found');
    assert.equal(hand.due.length, 0, 'a store not found is not asked again');
    page.nav.openStore('s-gone');
    const body = render(StorePage, { props: { storeId: 's-gone' }, context: chainConsoleContext(page) }).body;
    assert.match(body, /data-state="not-found"/);
    assert.match(body, /role="alert" data-testid="store-not-found">Loja não encontrada: ela não existe ou está fora dos seus grupos\.</);
    page.store.close();
    assert.equal(page.store.page, null);
    page.nav.closeStore();
    assert.equal(page.nav.storeId, null);
    assert.equal(page.nav.takeReturn(), 's-gone', 'the wall puts the keyboard back on that store');
    assert.equal(page.nav.takeReturn(), null, 'once');
  });

  it('a store’s page in words: status and reason, terminals, alerts, the open orders read-only (late said), the events with their times', async (t) => {
    const row = { ...BELA, summary: 'paused' as const, reason: 'Cozinha lotada', checkedAt: iso(SERVER_NOW - 20_000) };
    const { page, stream } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/stores/s-late') return json(200, storePageOf(row));
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    const wallBody = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(
      wallBody,
      /data-store-id="s-late"[^]*?<button type="button" class="open[^"]*" data-testid="wall-store-link">Bela Vista<\/button>/,
      'the name opens the page',
    );
    page.nav.openStore('s-late');
    await page.store.open('s-late');
    let body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(page) }).body;
    assert.match(body, /data-state="shown"/);
    assert.match(body, /data-testid="store-back"[^>]*>.*Voltar às lojas</);
    assert.match(body, />Bela Vista</);
    assert.match(body, /data-testid="store-summary">Pausada</);
    assert.match(body, /data-testid="store-reason">Cozinha lotada</);
    assert.match(body, /Lida na plataforma há 20 s/);
    assert.match(body, /data-testid="store-terminals"[^>]*>(<!---->)?\s*1\/1 conectados/);
    assert.match(body, /data-alert="late-orders"[^>]*>Pedidos atrasados</);
    assert.match(body, /2 pedidos abertos/);
    assert.match(body, /Só leitura: os terminais da loja agem nos pedidos\./);
    assert.doesNotMatch(body, /<button[^>]*data-testid="store-order/, 'nothing to act on');
    assert.match(
      body,
      /data-order-id="o-2" data-status="PLACED" class="[^"]*\blate"><th scope="row"[^>]*>4821<\/th><td[^>]*>Aguardando confirmação <!--\[0--><span[^>]*data-testid="store-order-late">Atrasado: passou do prazo de confirmação<\/span><!--\]--><\/td><td[^>]*>Entrega<\/td><td[^>]*>há 9 min<\/td>/,
    );
    assert.match(
      body,
      /data-order-id="o-1" data-status="READY_TO_PICKUP" class="[^"]*"><th scope="row"[^>]*>o-1<\/th><td[^>]*>Pronto <!--\[-1--><!--\]--><\/td><td[^>]*>Retirada<\/td><td[^>]*>há 20 min<\/td>/,
    );
    assert.match(
      body,
      /data-code="READY_TO_PICKUP"[^>]*><time[^>]*>[^<]+<\/time> <span class="what[^"]*">Pronto para retirada<\/span> <!--\[0--><span[^>]*>pedido o-1</,
    );
    assert.match(body, /data-code="PLC"[^>]*>[^]*?>Pedido recebido<[^]*?>pedido 4821</, 'a short code in words too');
    assert.match(body, /data-code="NEW_THING"[^>]*>[^]*?>NEW_THING</, 'one the terminal does not know, as its code');
    assert.match(body, /data-testid="store-busy-mode" data-on="false"[^]*?Modo movimento[^]*?Pausar sozinho quando lotada/);
    assert.match(body, /value="20"[^>]*data-testid="busy-mode-minutes"|data-testid="busy-mode-minutes"[^>]*value="20"/, 'its minutes as kept');

    page.i18n.setLocale('en');
    body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(page) }).body;
    assert.match(body, /Back to stores/);
    assert.match(body, /Late: past its confirmation deadline/);
    assert.match(body, />Order received</);
    assert.match(body, /Read only: the store’s terminals act on the orders\./);
  });

  it('a store’s busy mode: an owner saves it (the CSRF token, the route), the page shows what was kept; a viewer reads it in words', async (t) => {
    const { page, http } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/stores/s-late/busy-mode') return json(200, { on: true, minutes: 25 });
      if (path === '/api/stores/s-late') return json(200, storePageOf(BELA));
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    await page.store.open('s-late');
    await page.store.setBusyMode({ on: true, minutes: 25 });
    const sent = http.calls.find((c) => c.path === '/api/stores/s-late/busy-mode');
    assert.equal(sent?.init.method, 'POST');
    assert.equal(new Headers(sent?.init.headers).get('x-csrf-token'), ME.csrfToken);
    assert.deepEqual(JSON.parse(String(sent?.init.body)), { on: true, minutes: 25 });
    assert.deepEqual(page.store.page?.busyMode, { on: true, minutes: 25 });

    const viewer = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, { ...ME, role: 'viewer' });
      if (path === '/api/stores/s-late') return json(200, { ...storePageOf(BELA), busyMode: { on: true, minutes: 25 } });
      return json(200, wallAt(SERVER_NOW));
    }).page;
    await viewer.session.check();
    viewer.nav.openStore('s-late');
    await viewer.store.open('s-late');
    let body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(viewer) }).body;
    assert.doesNotMatch(body, /data-testid="busy-mode-on"/, 'nothing to change');
    assert.match(body, /data-testid="busy-mode-word">Ligado: pausa de 25 min quando lotada</);
    viewer.i18n.setLocale('en');
    body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(viewer) }).body;
    assert.match(body, /data-testid="busy-mode-word">On: a 25 min pause when swamped</);
  });

  const ANA = { id: '5b1c7a2e-8d4f-4c3a-9e6b-1f2a3b4c5d6e', name: 'Ana', role: 'staff' as const };
  const MARCOS = { id: '7c2d8b3f-9e5a-4d4b-8f7c-2a3b4c5d6e7f', name: 'Marcos', role: 'manager' as const };
  const TEAM = {
    people: [ANA, MARCOS],
    signIn: true,
    idleMinutes: 10,
    trail: [
      {
        at: iso(SERVER_NOW - 60_000),
        person: { id: ANA.id, name: 'Ana' },
        device: 'Cantina — Balcão',
        channel: 'orders:act',
        action: 'requestCancellation',
        orderId: 'o-1',
        merchantId: null,
        approvedBy: 'Marcos',
        outcome: 'queued',
        error: null,
      },
    ],
  };

  it('a store’s team: its people and its trail in the terminals’ words; an owner adds a person (the CSRF token, the PIN sent once), a name taken said in the team’s words; a viewer only reads', async (t) => {
    const added = { ...TEAM, people: [ANA, { id: '9d3e9c4a-0f6b-4e5c-9a8d-3b4c5d6e7f80', name: 'Bia', role: 'staff' }, MARCOS] };
    let taken = false;
    const { page, http } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/stores/s-late/team/person')
        return taken
          ? json(400, { error: { kind: 'invalid', message: 'someone on the team is already called Bia: staff pick their name from a list' } })
          : json(200, added);
      if (path === '/api/stores/s-late/team') return json(200, TEAM);
      if (path === '/api/stores/s-late') return json(200, storePageOf(BELA));
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    page.nav.openStore('s-late');
    await page.store.open('s-late');
    await settle();
    let body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(page) }).body;
    assert.match(body, /data-testid="store-team-person" data-role="manager"[^>]*>.*?Marcos.*?Gerente/s);
    assert.match(body, /<span[^>]*>Cancelamento pedido por Ana às [\d:]+ na tela Cantina — Balcão, aprovado por Marcos<\/span>/);
    assert.match(body, /data-testid="store-team-add"/);

    assert.equal(await page.store.team.save({ name: 'Bia', role: 'staff', pin: '5566' }), null);
    const sent = http.calls.find((c) => c.path === '/api/stores/s-late/team/person');
    assert.equal(new Headers(sent?.init.headers).get('x-csrf-token'), ME.csrfToken);
    assert.deepEqual(JSON.parse(String(sent?.init.body)), { name: 'Bia', role: 'staff', pin: '5566' });
    assert.deepEqual(
      page.store.team.team?.people.map((p) => p.name),
      ['Ana', 'Bia', 'Marcos'],
    );
    taken = true;
    const refusal = await page.store.team.save({ name: 'Bia', role: 'staff', pin: '5566' });
    assert.equal(refusal && teamFailureWords(page.i18n, refusal), 'Já existe alguém com esse nome na equipe.');

    const viewer = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, { ...ME, role: 'viewer' });
      if (path === '/api/stores/s-late/team') return json(200, TEAM);
      if (path === '/api/stores/s-late') return json(200, storePageOf(BELA));
      return json(200, wallAt(SERVER_NOW));
    }).page;
    await viewer.session.check();
    viewer.nav.openStore('s-late');
    await viewer.store.open('s-late');
    await settle();
    viewer.i18n.setLocale('en');
    body = render(StorePage, { props: { storeId: 's-late' }, context: chainConsoleContext(viewer) }).body;
    assert.doesNotMatch(body, /data-testid="store-team-(add|edit|remove|sign-in)"/, 'nothing to change');
    assert.match(body, /data-testid="store-team-sign-in-word"[^>]*>\s*PIN sign-in on: back to "Nobody" after 10 min unused/);
    assert.match(body, /<span[^>]*>Cancellation requested by Ana at [\d:]+\s?(AM|PM)? on Cantina — Balcão, approved by Marcos<\/span>/);
  });

  it('says every line the trail can hold in words, in both languages: a store’s page shows them all, not only an order’s', () => {
    for (const locale of ['pt-BR', 'en'] as const) {
      const i18n = inLocale(locale);
      for (const channel of TRAILED) {
        if (channel === 'orders:act') continue;
        const line = trailLine(i18n, { ...TEAM.trail[0], channel, action: null, approvedBy: null } as TrailEntry);
        assert.ok(!line.includes(channel), `${locale}: ${line}`);
      }
    }
  });

  const GROUPS = { groups: [{ id: '0123456789abcdef', name: 'Zona Sul', stores: ['s-late', 's-abc', 's-gone'], managers: ['area@rede.com'] }] };

  it('a group filter narrows the wall to the group’s stores, with the search and the chips; hidden when there is no group', async (t) => {
    const indexed = indexWall(STORES);
    const zonaSul = new Set(GROUPS.groups[0]?.stores);
    assert.deepEqual(
      visibleStores(indexed, '', 'all', zonaSul).map((s) => s.storeId),
      ['s-late', 's-abc'],
    );
    assert.deepEqual(
      visibleStores(indexed, 'abc', 'all', zonaSul).map((s) => s.storeId),
      ['s-abc'],
    );
    assert.deepEqual(
      visibleStores(indexed, '', 'attention', zonaSul).map((s) => s.storeId),
      ['s-late'],
    );
    assert.deepEqual(filterCounts(STORES, zonaSul), { all: 2, attention: 1, paused: 0, closed: 0 });

    for (const groups of [GROUPS, { groups: [] }]) {
      const { page, stream } = consoleWith(t, (path) => {
        if (path === '/api/me') return json(200, ME);
        if (path === '/api/groups') return json(200, groups);
        return json(200, wallAt(SERVER_NOW));
      });
      await page.session.check();
      page.wall.start();
      stream.push(wallAt(SERVER_NOW));
      await settle();
      let body = render(StatusWall, { context: chainConsoleContext(page) }).body;
      if (groups.groups.length === 0) {
        assert.doesNotMatch(body, /data-testid="wall-group"/, 'no group: no filter');
        continue;
      }
      assert.match(
        body,
        /data-testid="wall-group"[^]*?<option value=""[^>]*>Todos os grupos<\/option>[^]*?<option value="0123456789abcdef"[^>]*>Zona Sul<\/option>/,
      );
      page.wall.group = '0123456789abcdef';
      body = render(StatusWall, { context: chainConsoleContext(page) }).body;
      assert.deepEqual(
        [...body.matchAll(/data-testid="wall-row" data-store-id="([^"]+)"/g)].map((m) => m[1]),
        ['s-late', 's-abc'],
      );
      assert.match(body, /2 de 6 lojas/);
      assert.match(body, /Todas \(2\)/, 'the chips count within the group');
      page.i18n.setLocale('en');
      assert.match(render(StatusWall, { context: chainConsoleContext(page) }).body, />All groups</);
    }
  });

  it('the wall says a store’s ready orders not collected beside its late ones, in words', async (t) => {
    const shelf = STORES.map((s) => (s.storeId === 's-abc' ? { ...s, orders: { ...s.orders, ready: 3, uncollected: 2 } } : s));
    const { page, stream } = consoleWith(t, (path) => (path === '/api/me' ? json(200, ME) : json(200, wallAt(SERVER_NOW, shelf))));
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW, shelf));
    const row = (body: string): string => body.split('data-testid="wall-row"').find((r) => r.includes('data-store-id="s-abc"')) ?? '';
    let body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body), /data-testid="wall-late"[^]*?>0<\/span>[^]*?data-testid="wall-uncollected"[^>]*>2 prontos parados</);
    assert.equal([...body.matchAll(/data-testid="wall-uncollected"/g)].length, 1, 'only the store with some');
    page.i18n.setLocale('en');
    body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body), />2 waiting on the shelf</);
  });

  it('the wall says a store’s printers out under its terminals, and the alert in words', async (t) => {
    const printers = STORES.map((s) =>
      s.storeId === 's-abc' ? { ...s, terminals: { connected: 2, paired: 2, printersOut: 1 }, alerts: ['printer-out' as const], attention: 250 } : s,
    );
    const { page, stream } = consoleWith(t, (path) => (path === '/api/me' ? json(200, ME) : json(200, wallAt(SERVER_NOW, printers))));
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW, printers));
    const row = (body: string): string => body.split('data-testid="wall-row"').find((r) => r.includes('data-store-id="s-abc"')) ?? '';
    let body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body), /2\/2 conectados[^]*?data-testid="printers-out"[^>]*>1 impressora não imprime</);
    assert.match(row(body), /data-alert="printer-out"[^>]*>Impressora parada</);
    assert.equal([...body.matchAll(/data-testid="printers-out"/g)].length, 1, 'only the store with one out');
    page.i18n.setLocale('en');
    body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body), />1 printer not printing</);
    assert.match(row(body), />Printer out</);
  });

  it('the wall says each store’s rush as its terminals’ top bar does, and the closure risk while a warning stands', async (t) => {
    const risk = { rule: 'timeouts' as const, timedOut: 2, limit: 3, aboutToTimeOut: 0 };
    const rushed = STORES.map((s) =>
      s.storeId === 's-abc'
        ? { ...s, rush: { level: 'swamped' as const, warnings: [risk] }, alerts: ['closure-risk' as const], attention: 410 }
        : s.storeId === 's-zona'
          ? { ...s, rush: { level: 'busy' as const, warnings: [] } }
          : s,
    );
    const { page, stream } = consoleWith(t, (path) => (path === '/api/me' ? json(200, ME) : json(200, wallAt(SERVER_NOW, rushed))));
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW, rushed));
    const row = (body: string, id: string): string => body.split('data-testid="wall-row"').find((r) => r.includes(`data-store-id="${id}"`)) ?? '';
    let body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body, 's-zona'), /Movimento: <span class="rush[^"]*" data-level="busy"/, 'under what the platform shows, its label in words');
    assert.match(row(body, 's-abc'), /data-level="risk" data-testid="rush-word"[^>]*>Risco de fechamento</);
    assert.match(row(body, 's-abc'), /data-alert="closure-risk"[^>]*>Risco de fechamento</);
    assert.match(row(body, 's-zona'), /data-level="busy" data-testid="rush-word"[^>]*>Movimentado</);
    assert.doesNotMatch(row(body, 's-sj'), /rush-word|Movimento/, 'a calm store says nothing: the wall shows the few that are not');
    page.i18n.setLocale('en');
    body = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(row(body, 's-abc'), />Closure risk</);
    assert.match(row(body, 's-zona'), />Busy</);
  });

  it('reports: each store’s rating with one decimal and its reviews, "—" when none; sortable; no change told for it', async (t) => {
    const rated: Report = {
      periods: COMPARED.periods.map((period, i) => ({
        ...period,
        stores: period.stores.map((r) =>
          r.storeId === 's-a' ? { ...r, rating: 4.56, ratedReviews: 128 } : r.storeId === 's-b' ? { ...r, rating: i === 0 ? 3.9 : 4.8, ratedReviews: 1 } : r,
        ),
      })),
    };
    assert.deepEqual(
      sortRows(leaderboard(rated), { column: 'rating', direction: 'descending' }).map((r) => r.storeId),
      ['s-a', 's-b', 's-c', 's-z'],
    );
    assert.deepEqual(
      sortRows(leaderboard(rated), { column: 'rating', direction: 'ascending' }).map((r) => r.storeId),
      ['s-b', 's-a', 's-c', 's-z'],
      'no rating last either way',
    );
    const { page } = await reportsWith(t, () => json(200, rated));
    await page.reports.setCompare(true);
    let body = reportsPage(page);
    assert.match(body, /data-testid="report-sort-rating"[^>]*>Nota \(agora\)/);
    const cell = (storeId: string): string => boardRow(body, storeId).split('data-column="rating"')[1]?.split('</td>')[0] ?? '';
    assert.match(cell('s-a'), /<span class="value[^"]*">4,6<\/span>[^]*?128 avaliações/);
    assert.match(cell('s-b'), /3,9[^]*?1 avaliação/);
    assert.doesNotMatch(cell('s-b'), /report-delta/, 'the platform’s score is now: no change against before');
    assert.match(cell('s-c'), /—[^]*?sem dado/);
    page.reports.sortBy('rating');
    body = reportsPage(page);
    assert.deepEqual(boardOrder(body), ['s-a', 's-b', 's-c', 's-z']);
    page.i18n.setLocale('en');
    body = reportsPage(page);
    assert.match(cell('s-a'), /4\.6<\/span>[^]*?128 reviews/);
  });

  const ACCOUNTS = {
    accounts: [
      { login: 'dona@rede.com', name: 'Dona da rede', role: 'owner', groups: [], lockedUntil: null, createdAt: iso(SERVER_NOW - 86_400_000) },
      {
        login: 'area@rede.com',
        name: 'Ana Área',
        role: 'area_manager',
        groups: ['0123456789abcdef'],
        lockedUntil: iso(SERVER_NOW + 10 * 60_000),
        createdAt: iso(SERVER_NOW - 3_600_000),
      },
      { login: 'olho@rede.com', name: 'Olho', role: 'viewer', groups: [], lockedUntil: null, createdAt: iso(SERVER_NOW) },
    ],
  };

  it('the Team page is an owner’s only: its accounts (role in words, groups, lock), no remove on your own row, its groups', async (t) => {
    for (const role of ['owner', 'area_manager'] as const) {
      const { page } = consoleWith(t, (path) => (path === '/api/me' ? json(200, { ...ME, role }) : json(200, wallAt(SERVER_NOW))));
      await page.session.check();
      const nav = render(ConsoleNav, { context: chainConsoleContext(page) }).body;
      assert.equal(/data-testid="nav-team"[^>]*>Equipe</.test(nav), role === 'owner', role);
    }
    const { page, stream } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/accounts') return json(200, ACCOUNTS);
      if (path === '/api/groups') return json(200, GROUPS);
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    await page.team.load();
    page.nav.go('team');
    let body = render(TeamPage, { context: chainConsoleContext(page) }).body;
    const row = (login: string): string => body.split('data-testid="account-row"').find((r) => r.includes(`data-login="${login}"`)) ?? '';
    assert.match(row('area@rede.com'), />Ana Área<[^]*?>Gerente de área<[^]*?>Zona Sul<[^]*?Bloqueada até/);
    assert.match(row('olho@rede.com'), />Somente leitura<[^]*?>Todas as lojas<[^]*?Não bloqueada/);
    assert.doesNotMatch(row('dona@rede.com'), /data-testid="account-remove"/, 'not your own account');
    assert.match(row('dona@rede.com'), />Você</);
    assert.match(row('olho@rede.com'), /data-testid="account-remove"/);
    assert.match(body, /data-testid="group-row" data-group-id="0123456789abcdef"[^]*?Zona Sul[^]*?3 lojas · 1 gerente[^]*?Bela Vista, ABC Paulista, s-gone/);
    page.i18n.setLocale('en');
    body = render(TeamPage, { context: chainConsoleContext(page) }).body;
    assert.match(row('area@rede.com'), />Area manager<[^]*?Locked until/);
    assert.match(body, />New account</);
  });

  it('a new account: checked in words before it goes, sent with the CSRF token; a login taken said with the server’s words', async (t) => {
    assert.equal(accountInput({ login: 'nova', name: 'Nova', role: 'viewer', password: '0123456789' }), 'login');
    assert.equal(accountInput({ login: 'nova@rede.com', name: '  ', role: 'viewer', password: '0123456789' }), 'name');
    assert.equal(accountInput({ login: 'nova@rede.com', name: 'Nova', role: 'viewer', password: '012345678' }), 'password-short');
    assert.deepEqual(accountInput({ login: ' Nova@Rede.com ', name: ' Nova ', role: 'area_manager', password: '0123456789' }), {
      login: 'nova@rede.com',
      name: 'Nova',
      role: 'area_manager',
      password: '0123456789',
    });
    let taken = false;
    const { page, http } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/accounts' && taken) return json(400, { error: { kind: 'invalid', message: 'an account nova@rede.com already exists' } });
      if (path === '/api/accounts' || path === '/api/accounts/remove') return json(201, ACCOUNTS);
      return json(200, GROUPS);
    });
    await page.session.check();
    const input = { login: 'nova@rede.com', name: 'Nova', role: 'area_manager' as const, password: '0123456789' };
    assert.equal(await page.team.createAccount(input), true);
    const sent = http.calls.find((c) => c.path === '/api/accounts');
    assert.equal(sent?.init.method, 'POST');
    assert.equal((sent?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(sent?.init.body)), input);
    assert.equal(page.team.accounts?.length, 3, 'the list answered replaces the one shown');

    taken = true;
    assert.equal(await page.team.createAccount(input), false);
    const body = render(AccountDialog, { props: { onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(
      body,
      /role="alert" data-testid="account-error">O servidor não aceitou os dados enviados\. <small>Detalhe: an account nova@rede\.com already exists<\/small>/,
    );
    assert.match(body, /type="password"[^>]*data-testid="account-password"/, 'the password hidden until asked');
    assert.match(body, /data-testid="account-reveal"[^>]*>Mostrar senha</);
    assert.match(body, /data-testid="account-problem">Escreva o login como um e-mail\.</);

    assert.equal(await page.team.removeAccount('olho@rede.com'), true);
    const removed = http.calls.at(-1);
    assert.equal(removed?.path, '/api/accounts/remove');
    assert.equal((removed?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(removed?.init.body)), { login: 'olho@rede.com' });
  });

  it('a group edited is replaced whole with its id, its stores chosen from the wall’s, its managers among the area managers; the wall’s filter hears it', async (t) => {
    const group = GROUPS.groups[0] ?? assert.fail('no group');
    assert.equal(groupInput(null, '  ', [], []), null, 'no name, nothing to send');
    assert.deepEqual(groupInput(null, ' Zona Leste ', ['s-sj'], []), { name: 'Zona Leste', stores: ['s-sj'], managers: [] }, 'a new group has no id');
    const saved = { groups: [{ ...group, stores: ['s-late'] }] };
    const { page, http, stream } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/accounts') return json(200, ACCOUNTS);
      if (path === '/api/groups') return json(200, http.calls.some((c) => c.init.method === 'POST') ? saved : GROUPS);
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    await page.team.load();
    const body = render(GroupDialog, { props: { group, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(body, />Editar o grupo</);
    assert.match(body, /value="Zona Sul"/);
    assert.match(body, /Lojas do grupo \(3 escolhidas\)/);
    assert.equal([...body.matchAll(/data-testid="group-store"/g)].length, STORES.length, 'every store of the wall to choose from');
    assert.match(body, /checked[^>]*data-store-id="s-late"|data-store-id="s-late"[^>]*checked/);
    assert.deepEqual(
      [...body.matchAll(/data-testid="group-manager" data-login="([^"]+)"/g)].map((m) => m[1]),
      ['area@rede.com'],
      'only area managers',
    );
    const input = groupInput(group, 'Zona Sul', ['s-late'], ['area@rede.com']) ?? assert.fail('no input');
    assert.equal(await page.team.saveGroup(input), true);
    const sent = http.calls.find((c) => c.path === '/api/groups' && c.init.method === 'POST');
    assert.equal((sent?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(sent?.init.body)), { id: '0123456789abcdef', name: 'Zona Sul', stores: ['s-late'], managers: ['area@rede.com'] });
    page.wall.group = '0123456789abcdef';
    assert.deepEqual(
      page.wall.visible.map((s) => s.storeId),
      ['s-late'],
      'the wall filters by the group as saved',
    );
    assert.equal(http.calls.at(-1)?.path, '/api/accounts', 'the accounts read again: each lists its groups');
  });

  it('a week of hours for the selected stores: checked with the Store page’s rules, said in words, sent with the CSRF token, its failed store sent again alone', async (t) => {
    const chosen = [STORES[2], STORES[0]].filter((s) => s !== undefined);
    const week = defaultWeek();
    const input = hoursInput(chosen, week);
    assert.ok(!('kind' in input));
    assert.equal(input.shifts.length, 7);
    assert.deepEqual(input.shifts[0], { dayOfWeek: 'MONDAY', start: '11:00:00', duration: 720 });
    assert.deepEqual(input.stores, ['s-abc', 's-zona']);

    week.FRIDAY = { open: true, start: '18:00', end: '01:00' };
    week.SATURDAY = { open: true, start: '00:30', end: '12:00' };
    const overlap = hoursInput(chosen, week);
    assert.deepEqual(overlap, { kind: 'shift', day: 'FRIDAY', problem: 'overlap', other: 'SATURDAY' }, 'a Friday past midnight into Saturday’s first shift');
    assert.equal(hoursProblemWords(inLocale('pt-BR'), overlap as never), 'Sexta: Este turno se sobrepõe a outro (Sábado).');
    assert.equal(hoursProblemWords(inLocale('en'), overlap as never), 'Friday: This shift overlaps another (Saturday).');
    week.SATURDAY = { open: true, start: '09:00', end: '' };
    assert.deepEqual(hoursInput(chosen, week), { kind: 'shift', day: 'SATURDAY', problem: 'bad-end', other: null });
    const closed = defaultWeek();
    for (const day of Object.values(closed)) day.open = false;
    const empty = hoursInput(chosen, closed);
    assert.equal(hoursProblemWords(inLocale('pt-BR'), empty as never), 'A semana precisa de pelo menos um turno.');

    const view = (bulkId: string, states: [string, BulkView['stores'][number]['state']][]): BulkView => ({
      bulkId,
      kind: 'hours',
      createdAt: iso(SERVER_NOW),
      stores: states.map(([storeId, state]) => ({ storeId, state, reason: state === 'failed' ? 'Loja fechada pela plataforma' : null })),
    });
    const { page, http, hand, stream } = consoleWith(t, (path, init) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/bulk/hours' && JSON.parse(String(init.body)).stores.length === 2)
        return json(
          202,
          view('b-h', [
            ['s-abc', 'queued'],
            ['s-zona', 'queued'],
          ]),
        );
      if (path === '/api/bulk/hours') return json(202, view('b-h-2', [['s-zona', 'queued']]));
      if (path === '/api/bulk/b-h')
        return json(
          200,
          view('b-h', [
            ['s-abc', 'done'],
            ['s-zona', 'failed'],
          ]),
        );
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    page.wall.start();
    stream.push(wallAt(SERVER_NOW));
    const wallBody = render(StatusWall, { context: chainConsoleContext(page) }).body;
    assert.match(wallBody, /data-testid="bulk-hours"[^>]*>Horários</);
    assert.match(wallBody, /data-testid="bulk-promotion"[^>]*>Promoção</);
    const form = render(BulkHoursDialog, { props: { stores: chosen, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(form, /Horários da semana de 2 lojas/);
    assert.equal([...form.matchAll(/data-testid="hours-day"/g)].length, 7);
    assert.match(form, /data-day="SUNDAY"[^]*?Domingo/);
    assert.match(form, /data-testid="bulk-confirm"[^>]*>\s*Aplicar a semana a 2 lojas/);

    assert.equal(await page.bulk.hours(input), true);
    const sent = http.calls.find((c) => c.path === '/api/bulk/hours');
    assert.equal((sent?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(sent?.init.body)), input);
    hand.fire();
    await settle();
    const progress = render(BulkDialog, { props: { stores: null, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(progress, /data-testid="bulk-title"[^>]*>Horários da semana: 7 turnos</);
    assert.match(progress, /1 feitas · 1 com falha · 0 na fila/);
    assert.equal(await page.bulk.retryFailed(), true);
    assert.deepEqual(JSON.parse(String(http.calls.at(-1)?.init.body)), { ...input, stores: ['s-zona'] });
  });

  it('a promotion for the selected stores: a percentage off, checked with the Promotions page’s rules, said in words, then sent', async (t) => {
    const chosen = [STORES[2], STORES[0]].filter((s) => s !== undefined);
    const typed = { ...emptyForm(SERVER_NOW), discountValue: '15', eans: '036000291452\n036000291453' };
    const broken = promotionInput(chosen, typed, SERVER_NOW);
    assert.ok('ok' in broken && !broken.ok);
    assert.equal(broken.problems.eans, 'ean-check-digit');
    assert.deepEqual(broken.badEans, ['036000291453']);
    const input = promotionInput(chosen, { ...typed, promotionType: 'LXPY', eans: '036000291452', name: ' Semana do burger ' }, SERVER_NOW);
    assert.ok(!('ok' in input));
    assert.deepEqual(input.stores, ['s-abc', 's-zona']);
    assert.equal(input.draft.promotionType, 'PERCENTAGE', 'the console’s form makes a percentage off only');
    assert.deepEqual([input.draft.discountValue, input.draft.eans, input.draft.initialDate], [15, ['036000291452'], dayOf(SERVER_NOW)]);
    const over = promotionInput(chosen, { ...typed, discountValue: '80', eans: '036000291452' }, SERVER_NOW);
    assert.ok('ok' in over && over.problems.discountValue === 'discount-range');

    const { page, http } = consoleWith(t, (path) => {
      if (path === '/api/me') return json(200, ME);
      if (path === '/api/bulk/promotion') return json(202, { bulkId: 'b-p', kind: 'promotion', createdAt: iso(SERVER_NOW), stores: [] });
      return json(200, wallAt(SERVER_NOW));
    });
    await page.session.check();
    const form = render(BulkPromotionDialog, { props: { stores: chosen, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(form, /Promoção em 2 lojas/);
    assert.match(form, /Só desconto em %/);
    assert.match(form, /data-testid="bulk-problem">Digite o desconto em %, de 0 a 70</, 'the first problem in words');
    assert.equal(await page.bulk.promotion(input), true);
    const sent = http.calls.find((c) => c.path === '/api/bulk/promotion');
    assert.equal((sent?.init.headers as Record<string, string>)['x-csrf-token'], 'csrf-1');
    assert.deepEqual(JSON.parse(String(sent?.init.body)), input);
    page.i18n.setLocale('en');
    const progress = render(BulkDialog, { props: { stores: null, onclose: () => undefined }, context: chainConsoleContext(page) }).body;
    assert.match(progress, /A 15% promotion on 1 product/);
  });
});
