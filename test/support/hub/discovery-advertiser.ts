/**
 * A hub that only announces itself, run as a child process (in a network namespace by the netns
 * test). It reads its identity from HUB_ID, HUB_NAME, HUB_FINGERPRINT and HUB_PORT (HUB_INTERFACES,
 * comma-separated, restricts it), prints one JSON line once announced, and says goodbye and exits
 * when its stdin closes or it gets SIGTERM.
 */
import { systemClock } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { advertiseHub } from '../../../src-main/hub/discovery/advertise';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const log = createLogger({ level: 'debug' });
const advertisement = await advertiseHub({
  identity: { hubId: env('HUB_ID'), name: env('HUB_NAME'), fingerprint: env('HUB_FINGERPRINT') },
  port: Number(env('HUB_PORT')),
  clock: systemClock,
  log,
  ...(process.env.HUB_INTERFACES ? { interfaces: process.env.HUB_INTERFACES.split(',') } : {}),
});
process.stdout.write(`${JSON.stringify({ event: 'advertised', problem: advertisement.problem })}\n`);

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await advertisement.close();
  process.stdout.write(`${JSON.stringify({ event: 'closed' })}\n`);
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
