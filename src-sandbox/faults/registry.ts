import type { World } from '../world';
import { FaultState } from './state';

/**
 * One fault state per sandbox world. It hangs off the world (not the server) so route modules
 * reach it with what they already hold, and it goes back to "no fault" whenever the world resets.
 */
const states = new WeakMap<World, FaultState>();

export function faultsOf(world: World): FaultState {
  let state = states.get(world);
  if (!state) {
    const created = new FaultState();
    world.orders.onReset(() => created.reset());
    states.set(world, created);
    state = created;
  }
  return state;
}
