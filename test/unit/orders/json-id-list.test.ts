import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openBareDatabase } from '../../../src-main/db/database';
import { jsonIdList } from '../../../src-main/db/json-id-list';

/** Ids as hostile input can make them: lone surrogates, backslashes that look like escapes, quotes, a pair that is fine. */
const IDS = ['order-\ud800-a', 'order-\udfff-b', 'x\\ud800y', 'back\\\\slash', 'quote"d', '\ud83d\ude00-emoji', 'tab\there', 'plain'];

/** String.prototype.toWellFormed (ES2024): each lone surrogate becomes U+FFFD. */
function wellFormed(id: string): string {
  return id.replace(/[\ud800-\udfff]/gu, '\ufffd');
}

function stored(): { find: (list: string) => number[]; close: () => void } {
  const db = openBareDatabase(':memory:');
  db.exec('CREATE TABLE t (id TEXT PRIMARY KEY) STRICT');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (const id of IDS) insert.run(id);
  const find = db.prepare<[string], { at: number }>('SELECT j.key AS at FROM json_each(?) j CROSS JOIN t ON t.id = j.value ORDER BY j.key');
  return { find: (list) => find.all(list).map((r) => r.at), close: () => db.close() };
}

describe('ids as one JSON list for json_each', () => {
  it('finds every id a bound parameter stored, lone surrogates included, on this runtime', () => {
    const db = stored();
    try {
      assert.deepEqual(
        db.find(jsonIdList(IDS)),
        IDS.map((_, i) => i),
      );
    } finally {
      db.close();
    }
  });

  it('where the plain ways miss: the escaped list or the well-formed one loses the lone surrogates, whichever the runtime', () => {
    const db = stored();
    try {
      const escaped = db.find(JSON.stringify(IDS));
      const replaced = db.find(JSON.stringify(IDS.map(wellFormed)));
      assert.ok(escaped.length < IDS.length || replaced.length < IDS.length, `escaped found ${escaped.length}, well-formed ${replaced.length}`);
    } finally {
      db.close();
    }
  });

  it('keeps the JSON valid and every other character as it was', () => {
    const list = jsonIdList(IDS);
    assert.deepEqual((JSON.parse(list) as string[]).map(wellFormed), IDS.map(wellFormed));
    assert.ok(list.includes('x\\\\ud800y'), 'a backslash before "ud800" stays an escaped backslash');
    assert.ok(list.includes('\ud800'), 'the lone surrogate itself, unescaped');
  });
});
