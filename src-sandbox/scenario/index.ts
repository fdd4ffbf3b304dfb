import type { World } from '../world';
import { PROFILES, type ScenarioName } from './profiles';
import { ScenarioRunner, type ScenarioOptions } from './runner';

export { ScenarioRunner } from './runner';
export { PROFILES, SCENARIO_NAMES, type ScenarioName } from './profiles';

/** Starts the named scenario on a world (`none`: nothing); stop it before closing the sandbox. */
export function startScenario(world: World, name: ScenarioName, options: ScenarioOptions = {}): ScenarioRunner | undefined {
  if (name === 'none') return undefined;
  const runner = new ScenarioRunner(world, PROFILES[name], options);
  runner.start();
  return runner;
}
