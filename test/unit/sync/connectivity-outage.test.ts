import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConnectivityState } from '../../../src-shared/ipc/contract';
import { AppError, type ErrorCode } from '../../../src-shared/errors';
import { AuthenticationApi } from '../../../src-main/api/authentication';
import { ApiClient } from '../../../src-main/api/client';
import { ApiError } from '../../../src-main/api/errors';
import { OrderApi } from '../../../src-main/api/order';
import { RetryPolicy } from '../../../src-main/api/retry';
import { ShippingApi } from '../../../src-main/api/shipping';
import type { HttpRequest, HttpResponse } from '../../../src-main/api/transport';
import { ManualClock } from '../../../src-main/base/clock';
import { TokenManager } from '../../../src-main/auth/token-manager';
import { apiOrderGateway } from '../../../src-main/sync/api-gateway';
import { ConnectivityMonitor, PLATFORM_DISCONNECTS_AFTER_MS } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { fakeTransport, json } from '../../support/app/fake-api';
import { advance, memoryStore, silentLogger } from '../../support/sync/fakes';

/**
 * "Offline" is what the platform sees: no good poll for 30 s, whatever the cause. The app's own
 * client, token manager and poller run against a fake platform on a manual clock; each cause of an
 * outage is switched on right after a good poll, and the clock is walked second by second.
 */

type Cause = 'http-503' | 'http-429' | 'timeout' | 'dns' | 'refresh-503' | 'refresh-unreadable';

const POLL_MS = 5_000;
const TRANSPORT_TIMEOUT_MS = 15_000;

function platform(clock: ManualClock) {
  let cause: Cause | null = null;
  let tokens = 0;
  const answer = async (request: HttpRequest): Promise<HttpResponse> => {
    const now = cause; // what the platform was doing when the request left
    if (request.path.endsWith('/oauth/token')) {
      if (now === 'refresh-503') return json(503, { error: 'temporarily_unavailable' });
      if (now === 'refresh-unreadable') return json(200, { access_token: '', expires_in: 'soon' });
      return json(200, { access_token: `token-${++tokens}`, refresh_token: 'refresh', expires_in: 3_600 });
    }
    switch (now) {
      case 'http-503':
        return json(503, { code: 'ServiceUnavailable', message: 'try later' });
      case 'http-429':
        return json(429, { code: 'TooManyRequests', message: 'slow down' });
      case 'timeout':
        await clock.sleep(TRANSPORT_TIMEOUT_MS);
        throw new ApiError('timeout', `${request.route}: no answer in time`, { route: request.route, retryable: true });
      case 'dns':
        throw new ApiError('connection', `${request.route}: cannot reach the API (ENOTFOUND)`, { route: request.route, retryable: true });
      case 'refresh-503':
      case 'refresh-unreadable':
        // The platform revoked the access token: every call needs a renewal, which fails.
        return json(401, { code: 'Unauthorized', message: 'token expired' });
      default:
        return request.path.includes('polling') ? { status: 204, headers: {}, body: undefined } : json(202, {});
    }
  };
  return {
    transport: fakeTransport(answer),
    set cause(value: Cause | null) {
      cause = value;
    },
  };
}

function terminal() {
  const clock = new ManualClock();
  const fake = platform(clock);
  const connectivity = new ConnectivityMonitor(clock);
  const onOutcome = connectivity.record.bind(connectivity);
  const retry = new RetryPolicy({ clock, logger: silentLogger, random: () => 0.5, onFailure: (route, error) => onOutcome({ route, ok: false, error }) });
  const endpoint = new AuthenticationApi({ transport: fake.transport, retry });
  const tokens = new TokenManager({
    endpoint,
    clock,
    clientId: 'terminal',
    clientSecret: 'secret',
    initialGrant: () => ({ grant_type: 'client_credentials', client_id: 'terminal', client_secret: 'secret' }),
  });
  const client = new ApiClient({ transport: fake.transport, tokens, clock, logger: silentLogger, random: () => 0.5, onOutcome });
  const gateway = apiOrderGateway({ order: new OrderApi(client, clock), shipping: new ShippingApi(client) });
  const sync = new SyncService({ db: memoryStore(), gateway, clock, logger: silentLogger, connectivity, pollIntervalMs: POLL_MS, random: () => 0.5 });
  const reconnects: number[] = [];
  connectivity.onReconnect(() => reconnects.push(clock.now()));
  return { clock, fake, connectivity, sync, reconnects };
}

/** The state at each second from `from` to `to` (ms after `origin`), walking the clock. */
async function walk(t: ReturnType<typeof terminal>, origin: number, from: number, to: number): Promise<Map<number, ConnectivityState>> {
  const seen = new Map<number, ConnectivityState>();
  for (let at = from; at <= to; at += 1_000) {
    await advance(t.clock, origin + at - t.clock.now());
    seen.set(at, t.connectivity.current.state);
  }
  return seen;
}

const CAUSES: { cause: Cause; says: ErrorCode }[] = [
  { cause: 'http-503', says: 'server' },
  { cause: 'http-429', says: 'rate-limit' },
  { cause: 'timeout', says: 'timeout' },
  { cause: 'dns', says: 'connection' },
  { cause: 'refresh-503', says: 'server' },
  { cause: 'refresh-unreadable', says: 'validation' },
];

describe('offline: no good poll for 30 s, whatever the cause', () => {
  for (const { cause, says } of CAUSES) {
    it(`${cause}: struggling (degraded) while the platform still shows the store, offline at 30 s, online at the first good poll`, async () => {
      const t = terminal();
      t.sync.poller.start();
      await advance(t.clock, 0);
      assert.equal(t.connectivity.current.state, 'online');
      const goodPoll = Date.parse(t.connectivity.current.lastPollAt ?? '');
      assert.equal(goodPoll, t.clock.now());

      t.fake.cause = cause;
      const before = await walk(t, goodPoll, 1_000, PLATFORM_DISCONNECTS_AFTER_MS - 1_000);
      assert.ok(![...before.values()].includes('offline'), `never offline under 30 s: ${JSON.stringify([...before])}`);
      assert.equal(before.get(PLATFORM_DISCONNECTS_AFTER_MS - 1_000), 'degraded', 'struggling just before the mark');

      await advance(t.clock, goodPoll + PLATFORM_DISCONNECTS_AFTER_MS - t.clock.now());
      assert.equal(t.connectivity.current.state, 'offline', 'offline at the 30 s mark, on the dot');
      assert.equal(t.connectivity.current.reason?.code, says, 'and says why');
      assert.equal(t.connectivity.current.lastPollAt, new Date(goodPoll).toISOString(), 'since the last good poll');

      // Two minutes of outage: offline all along (a token or a call that works would not change that).
      const during = await walk(t, goodPoll, PLATFORM_DISCONNECTS_AFTER_MS + 1_000, 150_000);
      assert.deepEqual(new Set(during.values()), new Set(['offline']));

      const pushes: { at: number; state: ConnectivityState; lastPollAt: string | null }[] = [];
      t.connectivity.onChange((c) => pushes.push({ at: t.clock.now(), state: c.state, lastPollAt: c.lastPollAt }));
      t.fake.cause = null;
      await walk(t, goodPoll, 151_000, 190_000);
      const online = pushes.find((p) => p.state === 'online');
      assert.ok(online, `back online once the platform answers: ${JSON.stringify(pushes)}`);
      // Within one poll and the retry of a call that was already out (a timeout waits its 15 s).
      const after = online.at - (goodPoll + 150_000);
      assert.ok(after <= POLL_MS + TRANSPORT_TIMEOUT_MS + 6_000, `online ${after} ms after the platform answered again`);
      assert.equal(online.lastPollAt, new Date(online.at).toISOString(), 'by a good poll, not by any call that worked');
      assert.ok(t.reconnects.includes(online.at), 'which tells the queues to send what waited');
      assert.equal(t.connectivity.current.reason, null);
      await t.sync.stop();
      t.connectivity.stop();
    });
  }
});

describe('the 30 s rule, on the monitor alone', () => {
  const error = (code: ErrorCode) => new AppError(code, code);

  it('a failure under 30 s that a good poll follows never shows offline', async () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    const states: ConnectivityState[] = [];
    monitor.onChange((c) => states.push(c.state));
    monitor.polled();
    await clock.advance(10_000);
    monitor.pollFailed(error('server'));
    await clock.advance(15_000);
    monitor.polled();
    await clock.advance(60_000);
    assert.deepEqual(
      states.filter((s, i) => s !== states[i - 1]),
      ['online', 'degraded', 'online'],
    );
  });

  it('polls answered just after the mark, with nothing failing, never flicker offline', async () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    const states = new Set<ConnectivityState>();
    monitor.onChange((c) => states.add(c.state));
    for (let i = 0; i < 5; i++) {
      monitor.polled();
      await clock.advance(PLATFORM_DISCONNECTS_AFTER_MS + 50);
      monitor.record({ route: 'GET /merchants/{merchantId}/status', ok: true });
    }
    assert.deepEqual([...states], ['online']);
  });

  it('a call failing then answering (an acknowledgment retried) leaves it online at the mark', async () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    monitor.polled();
    await clock.advance(20_000);
    monitor.failed(error('server'));
    assert.equal(monitor.current.state, 'degraded');
    await clock.advance(2_000);
    monitor.record({ route: 'POST /orders:acknowledgment', ok: true });
    assert.equal(monitor.current.state, 'online');
    await clock.advance(9_000);
    assert.equal(monitor.current.state, 'online', 'nothing failing at the mark: a poll is on its way');
  });

  it('while polls fail, other calls that work neither hide it nor reopen the store: only a good poll does', async () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    monitor.polled();
    await clock.advance(5_000);
    monitor.pollFailed(error('server'));
    monitor.record({ route: 'GET /merchants/{merchantId}/status', ok: true });
    assert.equal(monitor.current.state, 'degraded', 'the polls still fail');
    await clock.advance(25_000);
    assert.equal(monitor.current.state, 'offline');
    monitor.record({ route: 'GET /merchants/{merchantId}/status', ok: true });
    assert.equal(monitor.current.state, 'offline');
    assert.equal(monitor.current.lastSuccessAt, new Date(clock.now()).toISOString(), 'the last contact is still told');
    monitor.polled();
    assert.equal(monitor.current.state, 'online');
  });

  it('errors about one request (404, 409, 422) say nothing of the link; a failed poll counts whatever its error', () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    monitor.polled();
    for (const code of ['not-found', 'conflict', 'validation', 'forbidden', 'aborted'] as const) monitor.failed(error(code));
    assert.equal(monitor.current.state, 'online');
    monitor.pollFailed(error('validation'));
    assert.equal(monitor.current.state, 'degraded');
  });

  it('a refused credential says "sign in again" at once', () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    monitor.polled();
    monitor.pollFailed(error('auth'));
    assert.equal(monitor.current.state, 'unauthorized');
  });

  it('after a restart: a last poll 30 s old or more is offline at the first failure; one under 30 s waits for its mark', async () => {
    const clock = new ManualClock();
    const long = new ConnectivityMonitor(clock);
    long.restoreLastPoll(new Date(clock.now() - 10 * 60_000).toISOString());
    long.pollFailed(error('connection'));
    assert.equal(long.current.state, 'offline');

    const recent = new ConnectivityMonitor(clock);
    recent.restoreLastPoll(new Date(clock.now() - 10_000).toISOString());
    recent.pollFailed(error('connection'));
    assert.equal(recent.current.state, 'degraded');
    await clock.advance(19_999);
    assert.equal(recent.current.state, 'degraded');
    await clock.advance(1);
    assert.equal(recent.current.state, 'offline');
  });

  it('a last poll after now (the clock was set back) or none at all cannot vouch for the last 30 s', () => {
    const clock = new ManualClock();
    const future = new ConnectivityMonitor(clock);
    future.restoreLastPoll(new Date(clock.now() + 60_000).toISOString());
    future.pollFailed(error('connection'));
    assert.equal(future.current.state, 'offline');
    const fresh = new ConnectivityMonitor(clock);
    fresh.failed(error('server'));
    assert.equal(fresh.current.state, 'offline', 'the platform has never had a poll from this terminal');
  });

  it('stopped, it leaves no timer behind', async () => {
    const clock = new ManualClock();
    const monitor = new ConnectivityMonitor(clock);
    monitor.polled();
    monitor.pollFailed(error('server'));
    assert.equal(clock.pendingSleeps, 1, 'the 30 s mark is set');
    monitor.stop();
    await clock.advance(0);
    assert.equal(clock.pendingSleeps, 0);
    await clock.advance(60_000);
    assert.equal(monitor.current.state, 'degraded');
  });
});
