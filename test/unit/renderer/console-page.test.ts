import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { render } from 'svelte/server';
import type { BulkView, Wall, WallStore } from '../../../src-shared/console/console-api';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import { BULK_POLL_MS } from '../../../src-renderer/console/bulk-state.svelte';
import { chainConsoleContext, createChainConsole } from '../../../src-renderer/console/chain-console';
import { ConsoleClient, failure, type EventSourceLike } from '../../../src-renderer/console/console-client';
import { agoWords, failureWords } from '../../../src-renderer/console/console-words';
import { bulkPauseProblem, pauseEndMs } from '../../../src-renderer/console/pause-end';
import type { Timers } from '../../../src-renderer/console/timers';
import { REOPEN_AFTER_MS } from '../../../src-renderer/console/wall-state.svelte';
import { filterCounts, indexWall, visibleStores } from '../../../src-renderer/console/wall-view';
import { soldOutInput } from '../../../src-renderer/console/sold-out';
import StatusWall from '../../../src-renderer/console/StatusWall.svelte';
import BulkDialog from '../../../src-renderer/console/BulkDialog.svelte';
import SoldOutDialog from '../../../src-renderer/console/SoldOutDialog.svelte';

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
    orders: { placed: 0, confirmed: 0, ready: 0, late: 0, requests: 0, requestDueAt: null },
    terminals: { connected: 1, paired: 1 },
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
    orders: { placed: 3, confirmed: 1, ready: 0, late: 2, requests: 0, requestDueAt: null },
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
function fakeFetch(answer: (path: string, init: RequestInit) => Response | Error) {
  const calls: { path: string; init: RequestInit }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({ path, init });
    const result = answer(path, init);
    if (result instanceof Error) throw result;
    return result;
  }) as typeof fetch;
  return { fetcher, calls };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ME = { login: 'dona@rede.com', name: 'Dona da rede', role: 'owner', csrfToken: 'csrf-1' } as const;

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
  function consoleWith(t: TestContext, answer: (path: string, init: RequestInit) => Response | Error) {
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
});
