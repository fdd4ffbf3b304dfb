import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { AuthenticationApi } from '../../../src-main/api/authentication';
import { ApiClient } from '../../../src-main/api/client';
import { RateLimiter } from '../../../src-main/api/rate-limiter';
import { RetryPolicy } from '../../../src-main/api/retry';
import { centralizedTokens } from '../../../src-main/auth/centralized';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { ManualClock } from '../../../src-main/base/clock';
import { fakeTransport, json, recordingLogger, settle } from '../../support/app/fake-api';

const SECRET = 'cs-SECRET-456';
const REFRESH = ['rt-SECRET-1', 'rt-SECRET-2', 'rt-SECRET-3'];
const ACCESS = [
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLTE',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLTI',
  'opaque-access-SECRET-3',
];

describe('logging: structured, and no secret ever reaches a line', () => {
  it('a whole session of token requests, renewals, retries and failures logs no token or secret', async () => {
    const clock = new ManualClock();
    const logger = recordingLogger('debug');
    let issued = 0;
    let apiCalls = 0;
    const transport = fakeTransport((request) => {
      if (request.path.endsWith('/oauth/token')) {
        const i = issued++;
        return json(200, { access_token: ACCESS[i], refresh_token: REFRESH[i], token_type: 'Bearer', expires_in: 3600 });
      }
      apiCalls++;
      if (apiCalls === 1) return json(401, { error: 'Unauthorized', message: `token ${request.headers?.authorization} expired` });
      if (apiCalls === 2) return json(503, { error: 'ServiceUnavailable' });
      if (apiCalls === 3) return json(200, { id: 1 });
      return json(400, { error: 'BadRequest', message: 'bad', echo: request.headers?.authorization });
    });
    const limiter = new RateLimiter({ clock });
    const authentication = new AuthenticationApi({ transport, limiter, retry: new RetryPolicy({ clock, logger }) });
    const tokens = await centralizedTokens({
      endpoint: authentication,
      clock,
      store: new MemoryCredentialStore(),
      logger,
      clientId: 'demo',
      clientSecret: SECRET,
    });
    const client = new ApiClient({ transport, tokens, clock, logger, limiter });
    const call = {
      module: 'merchant' as const,
      method: 'GET' as const,
      route: 'GET /merchants',
      path: '/merchant/v1.0/merchants',
      schema: z.object({ id: z.string() }),
    };

    const outcomes: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const pending = client.call(call).then(
        (v) => outcomes.push(v),
        (e: unknown) => outcomes.push(e),
      );
      for (let t = 0; t < 100 && outcomes.length <= i; t++) {
        await settle();
        await clock.advance(500);
      }
      await pending;
    }
    // The app logs the errors it meets, with their cause and body.
    for (const outcome of outcomes) logger.error('call failed', { error: outcome, detail: (outcome as { body?: unknown }).body });
    logger.info('token set', { accessToken: ACCESS[1], refresh_token: REFRESH[1], clientSecret: SECRET, header: `Bearer ${ACCESS[2]}` });

    assert.ok(logger.lines.length >= 5, 'the session was logged');
    assert.ok(logger.lines.some((l) => /transient failure/.test(l)));
    for (const line of logger.lines) {
      JSON.parse(line);
      for (const secret of [SECRET, ...REFRESH, ...ACCESS]) assert.ok(!line.includes(secret), `a log line leaks a secret: ${line}`);
    }
    assert.equal(issued, 2, 'one token, one renewal after the 401');
  });
});
