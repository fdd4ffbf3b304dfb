import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger, redact, REDACTED } from '../../../src-main/base/log';

describe('structured logging with secrets redacted', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';

  it('writes one JSON object a line with time, level, message and fields', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l), now: () => new Date('2026-11-21T12:00:00Z') }).child({ room: 'api' });
    log.info('polled', { events: 3 });
    log.debug('hidden below info');
    assert.equal(lines.length, 1);
    assert.deepEqual(JSON.parse(lines[0] ?? ''), { time: '2026-11-21T12:00:00.000Z', level: 'info', msg: 'polled', room: 'api', events: 3 });
  });

  it('never lets a secret, token or bearer header through, however deep', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l) });
    log.warn('token refresh failed', {
      clientSecret: 'demo-secret',
      request: { headers: { authorization: `Bearer ${jwt}` }, body: { refresh_token: 'r-123', client_id: 'demo' } },
      note: `retrying with Bearer ${jwt} at http://127.0.0.1:1/?secret=abc123&x=1`,
      error: new Error(`401 for token ${jwt}`),
    });
    const line = lines.join('\n');
    for (const secret of ['demo-secret', jwt, 'r-123', 'abc123']) assert.ok(!line.includes(secret), `${secret} leaked: ${line}`);
    assert.ok(line.includes('"client_id":"demo"'), 'non-secret fields stay readable');
    assert.ok(line.includes(REDACTED));
  });

  it('redacts JWTs inside plain strings', () => {
    assert.equal(redact(`token=${jwt}`), `token=${REDACTED}`);
  });
});
