// A process that gives better-sqlite3's native objects every way to be freed that once aborted a
// Node 24 process (better-sqlite3 ≤ 12 built against Node ≥ 24.19's headers: `Assertion failed:
// (env) != nullptr` in node::RemoveEnvironmentCleanupHook, from Statement::~Statement run by a
// garbage collection): statements prepared and dropped by the thousand, forced collections (in the
// middle of JavaScript and from a task with no JavaScript on the stack), idle ones, databases closed
// with statements alive, worker threads that end in each of three ways holding statements, and this
// process's own exit with statements alive. Run with --expose-gc; the file is argv[2]. It prints one
// line of counts and `survived` when it got to the end; a crash shows as a signal or an exit code.
// (With better-sqlite3 12.11.1 built against Node 24.21.0's headers the first phase, collections the
// heap starts by itself between turns of the event loop, aborts the process within 0.2 s.)
import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with --expose-gc');

const ROWS = 200;

function open(file) {
  const db = new Database(file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL'); // the stress is on the objects, not the disk
  return db;
}

/** Prepares `count` statements, uses each once and drops it; a forced collection every `every`. */
function churn(db, count, every) {
  let sum = 0;
  for (let i = 0; i < count; i += 1) {
    const statement = db.prepare(`SELECT count(*) AS c, ? AS i FROM t WHERE id > ${i % ROWS}`);
    sum += statement.get(i).c;
    if (i % 5 === 0) db.prepare('UPDATE t SET n = n + 1 WHERE id = ?').run(i % ROWS);
    if (i % 11 === 0) db.prepare('SELECT id FROM t WHERE id < 5').all();
    if (i % every === 0) gc();
  }
  return sum;
}

/** Statements prepared and kept: alive when their database or their thread goes away. */
function holdStatements(db, count) {
  const held = [];
  for (let i = 0; i < count; i += 1) held.push(db.prepare(`SELECT n FROM t WHERE id = ${i % ROWS}`));
  for (const statement of held.slice(0, 10)) statement.get();
  return held;
}

async function workerMain() {
  const { file, ending } = workerData;
  const db = open(file);
  churn(db, 1_000, 250);
  // Kept alive on purpose, on a global so the collection cannot take them before the thread ends.
  globalThis.held = holdStatements(db, 300);
  parentPort.postMessage('ready');
  if (ending === 'exit') process.exit(0);
  if (ending === 'terminate') await sleep(60_000); // ended from the main thread
  // 'return': the thread's script simply ends, database open, statements alive.
}

function runWorker(file, ending) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { file, ending } });
    worker.on('message', () => {
      if (ending === 'terminate') void worker.terminate();
    });
    worker.on('error', reject);
    worker.on('exit', () => resolve());
  });
}

/**
 * Collections V8 starts by itself: statements dropped by the hundred and garbage to fill the heap,
 * with turns of the event loop between, as a terminal's day goes (no gc() call of ours).
 */
async function naturalCollections(db, rounds) {
  let garbage = [];
  let prepared = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < 200; i += 1) db.prepare(`SELECT ${i} + n FROM t WHERE id = ?`).get(i % ROWS);
    prepared += 200;
    garbage.push(Array.from({ length: 20_000 }, (_, i) => `row ${round}:${i}`));
    if (garbage.length > 10) garbage = [];
    await sleep(1);
  }
  return prepared;
}

/** Collections with no JavaScript of ours on the stack: from a timer's turn, and V8's own idle ones. */
async function idleCollections(rounds) {
  for (let i = 0; i < rounds; i += 1) {
    await sleep(5);
    gc({ type: 'major', execution: 'async' });
    await sleep(5);
    gc({ type: 'minor' });
  }
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: sqlite-gc-child.mjs FILE');
  const db = open(file);
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)');
  const insert = db.prepare('INSERT OR IGNORE INTO t (id) VALUES (?)');
  db.transaction(() => {
    for (let id = 0; id < ROWS; id += 1) insert.run(id);
  })();

  let prepared = await naturalCollections(db, 150);
  prepared += churn(db, 10_000, 500) >= 0 ? 10_000 : 0;
  await idleCollections(20);

  // Databases closed with their statements alive, then collected.
  for (let i = 0; i < 50; i += 1) {
    const other = open(file);
    const held = holdStatements(other, 40);
    prepared += held.length;
    other.close();
    if (i % 10 === 0) gc();
  }
  await idleCollections(20);

  // Threads that end holding statements: by the end of their script, by process.exit() inside
  // them, and by terminate() from here; several at once, then collections here.
  let workers = 0;
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(['return', 'exit', 'terminate'].map((ending) => runWorker(file, ending)));
    workers += 3;
    gc();
    await idleCollections(10);
  }

  // Left for the process's own exit: statements alive on an open database.
  globalThis.held = holdStatements(db, 500);
  prepared += 500;
  const rows = db.prepare('SELECT count(*) AS c FROM t').get().c;
  console.log(JSON.stringify({ prepared, workers, rows, node: process.versions.node }));
  console.log('survived');
}

if (isMainThread) await main();
else await workerMain();
