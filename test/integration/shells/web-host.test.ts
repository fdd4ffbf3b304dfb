import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { WebSocket } from 'ws';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { CLOSE_NO_SESSION, startWebHost, type WebHost } from '../../../src-main/shells/web/host';
import { LAUNCH_TOKEN_TTL_MS } from '../../../src-main/shells/web/sessions';
import { fakeApp } from '../../support/app/fake-app';

const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>terminal</title>');
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'assets', 'index-x1.js'), 'document.title = "terminal";\n');
writeFileSync(join(rendererDir, 'assets', 'index-x1.js.map'), '{"version":3,"sources":["../../../../home/build/src-renderer/main.ts"]}');

async function http(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  const response = await request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, body: options.body });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

/** Sends raw bytes on a fresh connection and resolves to what came back (or '' when nothing did). */
function raw(port: number, bytes: string | Buffer, waitMs = 1_500): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = (): void => {
      socket.destroy();
      resolve(received);
    };
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
    setTimeout(done, waitMs);
  });
}

interface OpenSocket {
  ws: WebSocket;
  /** Messages received so far, parsed. */
  messages: unknown[];
  closed: Promise<number>;
}

function openSocket(host: WebHost, headers: Record<string, string>): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc`, { headers });
    const messages: unknown[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

const until = async (test: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(test(), what);
};

describe('web shell host: loopback, Host/Origin checks, one-time launch links and sessions', () => {
  let host: WebHost;
  const clock = new ManualClock();
  const app = fakeApp({ 'stores:list': () => [{ id: '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', name: 'Cantina', corporateName: 'C' }] });
  const json = (origin: string) => ({ origin, 'content-type': 'application/json' });

  /** Trades the outstanding launch token for a session, as the page does. */
  async function session(): Promise<string> {
    const response = await http(`${host.origin}/session`, {
      method: 'POST',
      headers: json(host.origin),
      body: JSON.stringify({ launch: host.sessions.launchToken() }),
    });
    assert.equal(response.status, 200, response.text);
    return (JSON.parse(response.text) as { session: string }).session;
  }

  before(async () => {
    host = await startWebHost({ app, rendererDir, logger: silentLogger, clock });
  });
  after(() => host.close());

  it('binds loopback and serves the app (nothing secret in it) with a strict CSP, and no cookie', async () => {
    assert.match(host.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await http(`${host.origin}/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /terminal/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['set-cookie'], undefined, 'a cookie would reach every port of 127.0.0.1');
  });

  it('serves the bundle but not the source maps kept beside it, however the path is spelled', async () => {
    assert.equal((await http(`${host.origin}/assets/index-x1.js`)).status, 200);
    for (const path of [
      '/assets/index-x1.js.map',
      '/assets/index-x1.js%2Emap',
      '/assets/index-x1.js%2emap',
      '/assets/%69ndex-x1.js.map',
      '/assets/index-x1.js.MAP',
    ]) {
      const response = await http(`${host.origin}${path}`);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(response.text, /sources/, path);
    }
    assert.equal((await http(`${host.origin}/assets/%E0%A4%A.js`)).status, 404, 'a path that does not decode');
  });

  it('a launch token opens one session, once; a used, expired or wrong token opens none', async () => {
    const token = host.sessions.launchToken();
    const first = await http(`${host.origin}/session`, { method: 'POST', headers: json(host.origin), body: JSON.stringify({ launch: token }) });
    assert.equal(first.status, 200);
    assert.match((JSON.parse(first.text) as { session: string }).session, /^[\w-]{40,}$/);
    const again = await http(`${host.origin}/session`, { method: 'POST', headers: json(host.origin), body: JSON.stringify({ launch: token }) });
    assert.equal(again.status, 401, 'spent after its first use');
    assert.notEqual(host.sessions.launchToken(), token, 'a fresh token waits for the next window');

    const unused = host.sessions.launchToken();
    await clock.advance(LAUNCH_TOKEN_TTL_MS);
    const late = await http(`${host.origin}/session`, { method: 'POST', headers: json(host.origin), body: JSON.stringify({ launch: unused }) });
    assert.equal(late.status, 401, 'dead after its time');
    for (const body of ['{"launch":"guess-guess-guess"}', 'not json', '{"launch":1}', `{"launch":"${'x'.repeat(5000)}"}`]) {
      const refused = await http(`${host.origin}/session`, { method: 'POST', headers: json(host.origin), body });
      assert.ok([400, 401, 413].includes(refused.status), `${body.slice(0, 30)} → ${refused.status}`);
    }
    const foreign = await http(`${host.origin}/session`, {
      method: 'POST',
      headers: json('http://evil.example'),
      body: JSON.stringify({ launch: host.sessions.launchToken() }),
    });
    assert.equal(foreign.status, 403, 'another origin cannot take a session');
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    assert.equal((await http(`${host.origin}/`, { headers: { host: 'evil.example' } })).status, 421);
  });

  it('opens the IPC socket only for its own origin, and answers only after a valid session', async () => {
    await assert.rejects(openSocket(host, { origin: 'http://evil.example' }), /refused 403/);
    await assert.rejects(openSocket(host, {}), /refused 403/);

    const anonymous = await openSocket(host, { origin: host.origin });
    anonymous.ws.send(JSON.stringify({ id: 1, channel: 'stores:list', input: {} }));
    assert.equal(await anonymous.closed, CLOSE_NO_SESSION, 'a call before the session closes the socket');
    assert.deepEqual(anonymous.messages, [], 'and nothing was answered');
    const wrong = await openSocket(host, { origin: host.origin });
    wrong.ws.send(JSON.stringify({ session: 'guess' }));
    assert.equal(await wrong.closed, CLOSE_NO_SESSION);

    const socket = await openSocket(host, { origin: host.origin });
    socket.ws.send(JSON.stringify({ session: await session() }));
    await until(() => socket.messages.length === 1, 'ready');
    socket.ws.send(JSON.stringify({ id: 1, channel: 'stores:list', input: {} }));
    socket.ws.send('not json');
    socket.ws.send(JSON.stringify({ id: 2, channel: 'shell:exec', input: { cmd: 'rm -rf /' } }));
    await until(() => socket.messages.length === 4, 'three answers');
    socket.ws.close();
    const byId = new Map(socket.messages.slice(1).map((a) => [(a as { id: number }).id, (a as { result: { ok: boolean; error?: { code: string } } }).result]));
    assert.equal(byId.get(1)?.ok, true);
    assert.equal(byId.get(-1)?.error?.code, 'bad-input');
    assert.equal(byId.get(2)?.error?.code, 'bad-input');
  });

  it('pushes events to signed-in sockets only', async () => {
    const signedIn = await openSocket(host, { origin: host.origin });
    signedIn.ws.send(JSON.stringify({ session: await session() }));
    await until(() => signedIn.messages.length === 1, 'ready');
    const waiting = await openSocket(host, { origin: host.origin });
    app.push.push('status:changed', { state: 'offline', lastSuccessAt: null, lastPollAt: null, reason: null });
    await until(() => signedIn.messages.length === 2, 'the push');
    assert.deepEqual(signedIn.messages[1], {
      push: 'status:changed',
      payload: { state: 'offline', lastSuccessAt: null, lastPollAt: null, reason: null },
    });
    assert.deepEqual(waiting.messages, [], 'a socket without a session hears nothing');
    signedIn.ws.close();
    waiting.ws.close();
  });

  it('survives a corpus of malformed requests and keeps answering after each', async () => {
    const port = host.port;
    const hostHeader = `Host: 127.0.0.1:${port}\r\n`;
    // The public page may be served despite a junk header (it holds nothing secret); every other
    // request here must be refused. Either way the host must answer the next request.
    const servedAnyway = new Set(['bad percent-encoding in a cookie', 'percent-encoded path that does not decode']);
    const corpus: [name: string, bytes: string | Buffer][] = [
      ['bad percent-encoding in a cookie', `GET / HTTP/1.1\r\n${hostHeader}Cookie: st_session=%E0%A4%A\r\n\r\n`],
      ['absolute-form target that is not a URL', `GET http://[ HTTP/1.1\r\n${hostHeader}\r\n`],
      ['asterisk target', `OPTIONS * HTTP/1.1\r\n${hostHeader}\r\n`],
      ['protocol-relative target', `GET //evil.example/x HTTP/1.1\r\n${hostHeader}\r\n`],
      ['percent-encoded path that does not decode', `GET /%E0%A4%A HTTP/1.1\r\n${hostHeader}\r\n`],
      ['no Host header', 'GET / HTTP/1.1\r\n\r\n'],
      ['two Host headers', `GET / HTTP/1.1\r\n${hostHeader}${hostHeader}\r\n`],
      ['a huge header', `GET / HTTP/1.1\r\n${hostHeader}X-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`],
      ['ten thousand headers', `GET / HTTP/1.1\r\n${hostHeader}${'X-A: b\r\n'.repeat(10_000)}\r\n`],
      ['garbage request line', 'HELLO\r\n\r\n'],
      ['binary noise', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256))],
      [
        'bad chunked body',
        `POST /session HTTP/1.1\r\n${hostHeader}Origin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      ],
      [
        'body longer than declared',
        `POST /session HTTP/1.1\r\n${hostHeader}Origin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"launch":"x"}`,
      ],
      [
        'oversized session body',
        `POST /session HTTP/1.1\r\n${hostHeader}Origin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n${'{'.repeat(100_000)}`,
      ],
      [
        'upgrade with a bad target',
        `GET http://[ HTTP/1.1\r\n${hostHeader}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:${port}\r\n\r\n`,
      ],
      [
        'upgrade with a bad cookie',
        `GET /ipc HTTP/1.1\r\n${hostHeader}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: st_session=%E0%A4%A\r\n\r\n`,
      ],
      ['upgrade without a key', `GET /ipc HTTP/1.1\r\n${hostHeader}Connection: Upgrade\r\nUpgrade: websocket\r\nOrigin: http://127.0.0.1:${port}\r\n\r\n`],
      ['upgrade to another protocol', `GET /ipc HTTP/1.1\r\n${hostHeader}Connection: Upgrade\r\nUpgrade: h2c\r\nOrigin: http://127.0.0.1:${port}\r\n\r\n`],
      [
        'a websocket frame of garbage after a good upgrade',
        `GET /ipc HTTP/1.1\r\n${hostHeader}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://127.0.0.1:${port}\r\n\r\n\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff`,
      ],
    ];
    for (const [name, bytes] of corpus) {
      const answer = await raw(port, bytes);
      if (!servedAnyway.has(name)) assert.doesNotMatch(answer, /^HTTP\/1\.1 2\d\d(?! Switching)/, `${name}: not served`);
      const page = await http(`${host.origin}/`);
      assert.equal(page.status, 200, `still answering after: ${name}`);
    }
  });

  it('a slow, partial request ties up nothing: others are served meanwhile', async () => {
    const slow = connect(host.port, '127.0.0.1');
    slow.on('error', () => {});
    slow.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Slow: `);
    const drip = setInterval(() => slow.write('a'), 50);
    for (let i = 0; i < 5; i++) assert.equal((await http(`${host.origin}/`)).status, 200);
    clearInterval(drip);
    slow.destroy();
  });
});
