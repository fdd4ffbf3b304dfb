import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { Listeners } from '../../../src-main/base/listeners';
import { createLogger, silentLogger } from '../../../src-main/base/log';
import { backoffMs } from '../../../src-main/queue/backoff';
import { DurableQueue, type QueueDriver } from '../../../src-main/queue/durable-queue';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';

interface Row {
  id: number;
  line: string;
  attempts: number;
  state: 'queued' | 'done' | 'failed';
  dueMs: number;
  reason: string | null;
}

/** A queue kept in memory, whose "platform" answers as each test says; it records every send. */
function memoryQueue(clock: ManualClock, answer: (row: Row) => Promise<void> | void, options: { wholeLines?: boolean } = {}) {
  const rows: Row[] = [];
  const sent: number[] = [];
  const held: number[] = [];
  const driver: QueueDriver<Row> = {
    lineOf: (row) => row.line,
    due: (now, limit) => {
      const queued = rows.filter((r) => r.state === 'queued');
      const heads = options.wholeLines ? queued : queued.filter((r) => !queued.some((p) => p.line === r.line && p.id < r.id));
      return heads
        .filter((r) => r.dueMs <= now)
        .slice(0, limit)
        .map((r) => ({ ...r }));
    },
    nextDueMs: () => {
      const queued = rows.filter((r) => r.state === 'queued').map((r) => r.dueMs);
      return queued.length === 0 ? undefined : Math.min(...queued);
    },
    dueNow: (now) => {
      let n = 0;
      for (const r of rows) {
        if (r.state !== 'queued' || r.dueMs <= now) continue;
        r.dueMs = now;
        n++;
      }
      return n;
    },
    attempt: async (row) => {
      const current = rows.find((r) => r.id === row.id) as Row;
      current.attempts++;
      sent.push(row.id);
      await answer(current);
      current.state = 'done';
    },
    retryLater: (row, untilMs, error) => {
      const current = rows.find((r) => r.id === row.id) as Row;
      current.dueMs = untilMs;
      current.reason = error.code;
    },
    refused: async (row, error) => {
      const current = rows.find((r) => r.id === row.id) as Row;
      current.state = 'failed';
      current.reason = error.code;
    },
    holdBack: (row, untilMs) => {
      held.push(row.id);
      (rows.find((r) => r.id === row.id) as Row).dueMs = untilMs;
    },
  };
  const add = (line: string): Row => {
    const row: Row = { id: rows.length + 1, line, attempts: 0, state: 'queued', dueMs: clock.now(), reason: null };
    rows.push(row);
    return row;
  };
  return { rows, sent, held, driver, add };
}

const POLICY = { baseMs: 1_000, maxMs: 30_000, jitter: 0 };

describe('the durable queue engine', () => {
  it('sends a line in order, one row at a time, and lines side by side', async () => {
    const clock = new ManualClock(0);
    const order: string[] = [];
    const m = memoryQueue(clock, (row) => void order.push(`${row.line}${row.id}`));
    const queue = new DurableQueue({ name: 'test', clock, logger: silentLogger, driver: m.driver, backoff: POLICY, concurrency: 2 });
    m.add('a');
    m.add('b');
    m.add('a');
    await queue.round();
    assert.deepEqual(order, ['a1', 'b2'], 'the second row of line a waits for the first');
    await queue.round();
    assert.deepEqual(order, ['a1', 'b2', 'a3']);
    assert.ok(m.rows.every((r) => r.state === 'done'));
  });

  it("a failure that passes by waiting waits with backoff (and the Retry-After); any other is the driver's to settle", async () => {
    const clock = new ManualClock(0);
    let fail: AppError | undefined = new AppError('connection', 'down');
    const m = memoryQueue(clock, () => {
      if (fail) throw fail;
    });
    const queue = new DurableQueue({ name: 'test', clock, logger: silentLogger, driver: m.driver, backoff: POLICY });
    const row = m.add('a');
    assert.equal(await queue.round(), 1_000, 'the next round when the row is due again');
    assert.deepEqual([row.state, row.dueMs, row.reason], ['queued', 1_000, 'connection']);
    await queue.round();
    assert.equal(m.sent.length, 1, 'not tried before its time');
    clock.advance(1_000);
    await queue.round();
    assert.equal(row.dueMs, 1_000 + 2_000, 'the wait doubles');
    fail = Object.assign(new AppError('rate-limit', 'slow down'), { retryAfterMs: 9_000 });
    clock.advance(2_000);
    await queue.round();
    assert.equal(row.dueMs, 3_000 + 9_000, "the platform's Retry-After wins over a shorter backoff");
    fail = new AppError('validation', 'no');
    clock.advance(9_000);
    await queue.round();
    assert.deepEqual([row.state, row.reason], ['failed', 'validation']);
  });

  it('never tries one row twice at once; a line whose head must wait holds its later rows', async () => {
    const clock = new ManualClock(0);
    let release: () => void = () => {};
    const m = memoryQueue(clock, (row) => (row.id === 1 ? new Promise<void>((r) => (release = r)) : undefined));
    const queue = new DurableQueue({ name: 'test', clock, logger: silentLogger, driver: m.driver, backoff: POLICY });
    const first = m.add('a');
    const trying = queue.tryNow({ ...first }, new AbortController().signal);
    assert.equal(queue.isBusy(first.id), true);
    assert.deepEqual(await queue.tryNow({ ...first }, new AbortController().signal), { kind: 'left' }, 'the same row is not tried twice');
    await queue.round();
    assert.deepEqual(m.sent, [1], 'the loop leaves a row that is being tried');
    release();
    assert.deepEqual(await trying, { kind: 'handled' });

    const printer = memoryQueue(
      clock,
      () => {
        throw new AppError('connection', 'paper out');
      },
      { wholeLines: true },
    );
    const prints = new DurableQueue({ name: 'print', clock, logger: silentLogger, driver: { ...printer.driver, waits: () => true }, backoff: POLICY });
    printer.add('kitchen');
    printer.add('kitchen');
    printer.add('bar');
    await prints.round();
    assert.deepEqual(printer.sent, [1, 3], 'one failure of a printer is enough: its next ticket is not tried this round');
    assert.deepEqual(printer.held, [2]);
    assert.equal(printer.rows[1]?.dueMs, printer.rows[0]?.dueMs, 'it waits as long as the head');
  });

  it('a try cut short by its own deadline waits; one cut by stopping stays as it was for the next run', async () => {
    const clock = new ManualClock(0);
    const m = memoryQueue(clock, (row) => new Promise<void>((_, reject) => setTimeout(() => reject(new AppError('aborted', `try ${row.id} aborted`)), 5)));
    const queue = new DurableQueue({ name: 'test', clock, logger: silentLogger, driver: m.driver, backoff: POLICY });
    const row = m.add('a');
    const deadline = new AbortController();
    deadline.abort();
    assert.equal((await queue.tryNow({ ...row }, deadline.signal)).kind, 'waits');
    assert.equal(row.dueMs, 1_000);

    const other = m.add('b');
    const stopping = queue.tryNow({ ...other }, new AbortController().signal);
    await queue.stop();
    assert.deepEqual(await stopping, { kind: 'left' });
    assert.deepEqual([other.state, other.dueMs, other.reason], ['queued', 0, null], 'untouched');
  });

  it('waiting rows go at once when the link comes back', async () => {
    const clock = new ManualClock(0);
    const connectivity = new ConnectivityMonitor(clock);
    const m = memoryQueue(clock, () => {});
    const queue = new DurableQueue({ name: 'test', clock, logger: silentLogger, driver: m.driver, backoff: POLICY, reconnects: connectivity });
    const row = m.add('a');
    row.dueMs = 60_000;
    connectivity.failed(new AppError('connection', 'down'));
    assert.equal(row.dueMs, 60_000, 'going offline wakes nothing');
    connectivity.polled();
    assert.equal(row.dueMs, 0, 'back online: due now');
    await queue.round();
    assert.equal(row.state, 'done');
    await queue.stop();
  });

  it('backoff: doubles from the base, stops at the cap, spreads by the jitter', () => {
    assert.deepEqual(
      [1, 2, 3, 10].map((n) => backoffMs(POLICY, n)),
      [1_000, 2_000, 4_000, 30_000],
    );
    assert.equal(backoffMs({ ...POLICY, jitter: 0.2, random: () => 1 }, 1), 1_200);
    assert.equal(backoffMs({ ...POLICY, jitter: 0.2, random: () => 0 }, 1), 800);
  });
});

describe('listeners', () => {
  it('one that throws is logged and the others are still told', () => {
    const lines: string[] = [];
    const listeners = new Listeners<[number]>('test', createLogger({ write: (line) => lines.push(line) }));
    const heard: number[] = [];
    listeners.add(() => {
      throw new Error('broken screen');
    });
    const off = listeners.add((n) => heard.push(n));
    listeners.emit(1);
    off();
    listeners.emit(2);
    assert.deepEqual(heard, [1]);
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /test listener failed/);
  });
});
