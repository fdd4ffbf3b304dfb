/**
 * A screen that only looks for hubs, run as a child process (in a network namespace by the netns
 * test). It prints one JSON line each time the list changes (BROWSE_INTERFACE restricts it to one
 * interface's address), and exits when its stdin closes or it gets SIGTERM.
 */
import { systemClock } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { browseHubs } from '../../../src-main/hub/discovery/browse';

const browser = browseHubs({
  clock: systemClock,
  log: createLogger({ level: 'debug' }),
  ...(process.env.BROWSE_INTERFACE ? { interfaceAddress: process.env.BROWSE_INTERFACE } : {}),
  // Short rounds: the test waits for a hub to go as well as to come.
  maxQueryIntervalMs: 2_000,
  staleAfterMs: 10_000,
});
const print = (view: unknown): void => void process.stdout.write(`${JSON.stringify({ event: 'view', view })}\n`);
browser.onChange(print);
print(browser.view());

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await browser.close();
  process.stdout.write(`${JSON.stringify({ event: 'closed' })}\n`);
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
