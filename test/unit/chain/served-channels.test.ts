import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHAIN_FEATURES } from '../../../src-main/app/features';
import { CHAIN_SERVED_CHANNELS } from '../../../src-shared/ipc/chain-served';

/**
 * A chain's terminal hides every page and button whose channel its server does not serve
 * (src-shared/ipc/chain-served.ts): that list must be exactly what the features' server sides answer,
 * or a cook meets a refusal (a channel served but hidden) or a page that cannot work.
 */
describe("the channels a chain's terminal may use", () => {
  it("are exactly the channels of the features' server sides", () => {
    const served = [...new Set(CHAIN_FEATURES.flatMap((feature) => [...feature.channels]))].sort();
    assert.deepEqual(served, [...CHAIN_SERVED_CHANNELS].sort());
  });
});
