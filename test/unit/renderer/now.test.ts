import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Now } from '../../../src-renderer/lib/now.svelte';

describe("the screen's clock", () => {
  it("follows the main process's time, and runs as fast as its clock (`--clock-rate`)", () => {
    let system = Date.UTC(2020, 0, 1);
    const now = new Now(() => system);
    now.follow('2026-11-24T15:00:00.000Z');
    system += 2_000;
    assert.equal(now.read(), Date.parse('2026-11-24T15:00:02.000Z'));
    now.follow('2026-11-24T15:00:00.000Z', 40);
    system += 2_000;
    assert.equal(now.read(), Date.parse('2026-11-24T15:01:20.000Z'), 'two seconds on the window are 80 s of the terminal’s time');
    now.follow('not a time', 40);
    assert.equal(now.read(), Date.parse('2026-11-24T15:01:20.000Z'), 'a time it cannot read changes nothing');
  });
});
