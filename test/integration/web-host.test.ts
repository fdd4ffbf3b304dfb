import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { WebSocket } from 'ws';
import { silentLogger } from '../../src-main/base/log';
import { startWebHost, type WebHost } from '../../src-main/shells/web/host';
import { fakeApp } from '../support/fake-app';

const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>terminal</title>');
const SECRET = 'launch-secret-for-tests-0123456789';

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

function openSocket(host: WebHost, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

describe('web shell host: loopback, Host/Origin checks, per-launch secret', () => {
  let host: WebHost;
  let cookie: string;
  const app = fakeApp({ 'stores:list': () => [{ id: '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', name: 'Cantina', corporateName: 'C' }] });

  before(async () => {
    host = await startWebHost({ app, rendererDir, logger: silentLogger, secret: SECRET });
  });
  after(() => host.close());

  it('binds loopback and prints a launch URL carrying the secret', () => {
    assert.match(host.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(host.launchUrl, `${host.origin}/?secret=${SECRET}`);
  });

  it('refuses pages without the secret, or with a wrong one', async () => {
    assert.equal((await get(`${host.origin}/`)).status, 401);
    assert.equal((await get(`${host.origin}/index.html`)).status, 401);
    const wrong = await get(`${host.origin}/?secret=guess`);
    assert.equal(wrong.status, 401);
    assert.match(wrong.text, /not valid/);
  });

  it('trades the secret for an HttpOnly, SameSite=Strict cookie and serves the app with a strict CSP', async () => {
    const launch = await get(host.launchUrl);
    assert.equal(launch.status, 303);
    assert.equal(launch.headers.location, '/');
    const setCookie = String(launch.headers['set-cookie']);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    cookie = setCookie.split(';')[0] ?? '';
    const page = await get(`${host.origin}/`, { cookie });
    assert.equal(page.status, 200);
    assert.match(page.text, /terminal/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    assert.equal(page.headers['x-frame-options'], 'DENY');
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const response = await get(`${host.origin}/`, { cookie, host: 'evil.example' });
    assert.equal(response.status, 421);
  });

  it('opens the IPC socket only for its own origin with the cookie, and answers through the contract', async () => {
    await assert.rejects(openSocket(host, { origin: 'http://evil.example', cookie }), /refused 403/);
    await assert.rejects(openSocket(host, { origin: host.origin }), /refused 403/);
    await assert.rejects(openSocket(host, { origin: host.origin, cookie: 'st_session=wrong' }), /refused 403/);
    const ws = await openSocket(host, { origin: host.origin, cookie });
    const answers: unknown[] = [];
    const got = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        answers.push(JSON.parse(String(data)));
        if (answers.length === 3) resolve();
      }),
    );
    ws.send(JSON.stringify({ id: 1, channel: 'stores:list', input: {} }));
    ws.send('not json');
    ws.send(JSON.stringify({ id: 2, channel: 'shell:exec', input: { cmd: 'rm -rf /' } }));
    await got;
    ws.close();
    const byId = new Map(answers.map((a) => [(a as { id: number }).id, (a as { result: { ok: boolean; error?: { code: string } } }).result]));
    assert.equal(byId.get(1)?.ok, true);
    assert.equal(byId.get(-1)?.error?.code, 'bad-input');
    assert.equal(byId.get(2)?.error?.code, 'bad-input');
  });

  it('pushes events to connected sockets', async () => {
    const ws = await openSocket(host, { origin: host.origin, cookie });
    const message = new Promise<unknown>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    app.push.push('connectivity:changed', { state: 'offline', lastSuccessAt: null, lastPollAt: null, reason: null });
    assert.deepEqual(await message, {
      push: 'connectivity:changed',
      payload: { state: 'offline', lastSuccessAt: null, lastPollAt: null, reason: null },
    });
    ws.close();
  });
});
