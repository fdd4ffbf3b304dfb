import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { createTransport, type HttpRequest, type Transport } from '../../../src-main/api/transport';

const LIMIT = 1_000;
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
/** "São" with its "ã" (two bytes in UTF-8) split across two chunks. */
const SPLIT_JSON = Buffer.from('{"city":"São Paulo","n":[1,2,3]}');
const SPLIT_AT = SPLIT_JSON.indexOf(0xa3); // the second byte of "ã"

/** What the transport reads, answered by a plain HTTP server on loopback, one path per case. */
function answer(request: IncomingMessage, response: ServerResponse): void {
  const send = (status: number, type: string | undefined, body: string | Buffer): void => {
    response.writeHead(status, type ? { 'content-type': type } : {});
    response.end(body);
  };
  switch (request.url?.split('?')[0]) {
    case '/json':
      return send(200, 'application/json; charset=utf-8', '{"a":1,"city":"São Paulo"}');
    case '/text':
      return send(200, 'text/plain', 'plain words');
    case '/looks-json':
      return send(200, 'text/plain', '  {"a":2}');
    case '/broken-json':
      return send(200, 'application/json', '{"a":');
    case '/empty':
      response.writeHead(204);
      return void response.end();
    case '/chunked':
      // No content-length: the body comes in chunks, a character split between two of them.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(SPLIT_JSON.subarray(0, SPLIT_AT));
      setTimeout(() => response.end(SPLIT_JSON.subarray(SPLIT_AT)), 5);
      return;
    case '/pdf':
      return send(200, 'application/pdf', PDF);
    case '/pdf-missing':
      return send(404, 'application/json', '{"code":"NotFound","message":"no sheet"}');
    case '/big-declared':
      return send(200, 'application/json', `"${'x'.repeat(LIMIT * 2)}"`);
    case '/big-chunked':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`"${'x'.repeat(600)}`);
      setTimeout(() => response.end(`${'x'.repeat(600)}"`), 5);
      return;
    case '/repeated':
      response.writeHead(200, [
        ['content-type', 'text/plain'],
        ['x-part', 'one'],
        ['x-part', 'two'],
      ]);
      return void response.end('ok');
    case '/echo':
    case '/echo-refused': {
      // What arrived, as JSON (answered 404 on the second path, so that a binary request reads it too).
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        send(
          request.url?.startsWith('/echo-refused') ? 404 : 200,
          'application/json',
          JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString() }),
        ),
      );
      return;
    }
    case '/no-answer':
      return; // never answers
    case '/half-body':
      // The headers and part of the body, then nothing more.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"a":');
      return;
    case '/cut':
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"a":', () => response.socket?.destroy());
      return;
    default:
      send(404, 'text/plain', 'unknown');
  }
}

describe('transport: how an HTTP answer becomes a response or a typed error', () => {
  let server: Server;
  let transport: Transport;
  let base: string;

  const send = (path: string, extra: Partial<HttpRequest> = {}) => transport.send({ method: 'GET', path, route: `GET ${path}`, ...extra });
  async function failure(path: string, extra: Partial<HttpRequest> = {}): Promise<ApiError> {
    const error = await send(path, extra).then(
      () => assert.fail(`${path} should fail`),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ApiError, String(error));
    return error;
  }

  before(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    transport = createTransport(`${base}/`, { maxResponseBytes: LIMIT });
  });
  after(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('parses JSON, keeps text, reads text that looks like JSON, and keeps a broken JSON body as its text', async () => {
    const json = await send('/json');
    assert.equal(json.status, 200);
    assert.deepEqual(json.body, { a: 1, city: 'São Paulo' });
    assert.equal(json.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal((await send('/text')).body, 'plain words');
    assert.deepEqual((await send('/looks-json')).body, { a: 2 });
    assert.equal((await send('/broken-json')).body, '{"a":');
  });

  it('gives no body for an empty answer, and joins a body sent in chunks (a character split between them)', async () => {
    const empty = await send('/empty');
    assert.equal(empty.status, 204);
    assert.equal(empty.body, undefined);
    assert.deepEqual((await send('/chunked')).body, JSON.parse(SPLIT_JSON.toString()));
  });

  it('gives a binary answer as its bytes; a binary request answered with an error reads its JSON', async () => {
    const pdf = await send('/pdf', { binary: true });
    assert.ok(Buffer.isBuffer(pdf.body));
    assert.ok(pdf.body.equals(PDF));
    const missing = await send('/pdf-missing', { binary: true });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 'NotFound', message: 'no sheet' });
  });

  it('joins a repeated header', async () => {
    assert.equal((await send('/repeated')).headers['x-part'], 'one, two');
  });

  it('refuses an answer over the limit, declared or counted as it comes, as an unreadable answer', async () => {
    for (const path of ['/big-declared', '/big-chunked']) {
      const error = await failure(path);
      assert.equal(error.code, 'validation');
      assert.match(error.message, /larger than/);
      assert.equal(error.retryable, false);
    }
    assert.deepEqual((await send('/json')).body, { a: 1, city: 'São Paulo' }, 'the transport goes on serving');
  });

  it('sends the path under the base URL, the query, the headers and a JSON or form body', async () => {
    const json = (await send('/echo', { method: 'POST', query: { a: 1, b: undefined, c: 'x y' }, json: { n: 1 }, headers: { 'x-id': '7' } })).body as {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    };
    assert.equal(json.method, 'POST');
    assert.equal(json.url, '/echo?a=1&c=x+y');
    assert.equal(json.headers.accept, 'application/json');
    assert.equal(json.headers['content-type'], 'application/json');
    assert.equal(json.headers['x-id'], '7');
    assert.equal(json.body, '{"n":1}');
    const form = (await send('/echo-refused', { method: 'POST', form: { grant: 'a&b' }, binary: true })).body as {
      headers: Record<string, string>;
      body: string;
    };
    assert.equal(form.headers.accept, 'application/pdf, application/json');
    assert.equal(form.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(form.body, 'grant=a%26b');
  });

  it('an answer that does not come, or stops halfway, is a timeout; a cut connection is a connection error; both may be retried', async () => {
    // Side by side: undici's timers tick about twice a second.
    const [noAnswer, halfBody] = await Promise.all([failure('/no-answer', { timeoutMs: 100 }), failure('/half-body', { timeoutMs: 100 })]);
    for (const error of [noAnswer, halfBody]) {
      assert.equal(error.code, 'timeout', error.route);
      assert.equal(error.retryable, true);
    }
    const cut = await failure('/cut');
    assert.equal(cut.code, 'connection');
    assert.equal(cut.retryable, true);
  });

  it('a server that cannot be reached is a connection error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createTransport(`http://127.0.0.1:${port}`);
    try {
      const error = await nowhere.send({ method: 'GET', path: '/json', route: 'GET /json' }).then(
        () => assert.fail('should fail'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'connection');
      assert.match(error.message, /ECONNREFUSED/);
      assert.equal(error.retryable, true);
    } finally {
      await nowhere.close();
    }
  });

  it('a cancelled call is aborted: before it leaves, while it waits for the answer, or while the body comes', async () => {
    const before = new AbortController();
    before.abort();
    assert.equal((await failure('/json', { signal: before.signal })).code, 'aborted');
    for (const path of ['/no-answer', '/half-body']) {
      const controller = new AbortController();
      const pending = failure(path, { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const error = await pending;
      assert.equal(error.code, 'aborted', path);
      assert.equal(error.retryable, false);
    }
    assert.deepEqual((await send('/json')).body, { a: 1, city: 'São Paulo' }, 'the transport goes on serving');
  });
});
