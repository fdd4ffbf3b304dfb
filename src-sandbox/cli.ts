import { parseArgs } from 'node:util';
import { flagListing, parserOptions, readCommandLine, wrapText, type FlagSpecs } from '../src-shared/command-line';
import { runningFrom } from '../src-shared/running-clock';
import { startSandbox } from './index';
import { SCENARIO_NAMES, startScenario, type ScenarioName } from './scenario/index';

/** `npm run sandbox -- --port 8787 [--no-rate-limits] [--rate-limit-factor N] [--scenario busy|quiet|none] [--auto-closure]` */
const FLAGS = {
  port: { type: 'string', value: 'N', help: 'Port on the bind address (default 8787; 0 picks a free one).' },
  host: { type: 'string', value: 'H', help: 'Bind address (default 127.0.0.1).' },
  scenario: {
    type: 'string',
    value: 'busy|quiet|none',
    help: 'Demo traffic: orders arrive every 6-15 s (busy) or 50-100 s (quiet), drivers move, orders conclude, reviews come (default none).',
  },
  'no-rate-limits': { type: 'boolean', help: "Turn the spec's limits off (also the 30 s tracking rule)." },
  'rate-limit-factor': { type: 'string', value: 'N', help: 'Multiply every limit by N (default 1).' },
  'auto-closure': {
    type: 'boolean',
    help: "Put every store under the platform's automatic closure rules with their defaults (docs/sandbox-store.md; off by default).",
  },
  'clock-at': { type: 'string', value: 'ISO-instant', help: 'Start the simulated clock at this instant (e.g. 2026-11-24T12:00:00-03:00).' },
  help: { type: 'boolean', help: 'Print this usage and exit (also -h).' },
} as const satisfies FlagSpecs;

const usage = [
  'usage: npm run sandbox -- [flags]',
  '',
  ...wrapText("The marketplace's sandbox API, on this machine, with built-in credentials (README § The sandbox on its own).", 0),
  '',
  'Flags:',
  flagListing(FLAGS),
  '',
].join('\n');

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const line = readCommandLine(argv, () => parseArgs({ args: argv, options: parserOptions(FLAGS), strict: true, allowPositionals: false }).values);
  if (line.kind === 'help') {
    process.stdout.write(usage);
    return;
  }
  if (line.kind === 'refused') {
    process.stderr.write(`${line.reason}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const given = line.parsed;
  const text = (flag: keyof typeof FLAGS): string | undefined => {
    const value = given[flag];
    return typeof value === 'string' ? value : undefined;
  };
  const port = Number(text('port') ?? '8787');
  const host = text('host') ?? '127.0.0.1';
  const factor = given['no-rate-limits'] === true ? 0 : Number(text('rate-limit-factor') ?? '1');
  const scenarioName = (text('scenario') ?? 'none') as ScenarioName;
  const at = text('clock-at');
  const clockAt = at === undefined ? undefined : Date.parse(at);
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535 ||
    !Number.isFinite(factor) ||
    factor < 0 ||
    !SCENARIO_NAMES.includes(scenarioName) ||
    Number.isNaN(clockAt)
  ) {
    process.stderr.write(usage);
    process.exitCode = 2;
    return;
  }
  const sandbox = await startSandbox({
    port,
    host,
    rateLimitFactor: factor,
    autoClosure: given['auto-closure'] === true,
    ...(clockAt === undefined ? {} : { now: runningFrom(clockAt) }),
  });
  const scenario = startScenario(sandbox.world, scenarioName);
  const stop = (): void => {
    scenario?.stop();
    void sandbox.close().then(() => process.exit(0));
  };
  // Handlers before the announcement: whoever reads "listening" may signal us at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(
    `sandbox listening on ${sandbox.url}  (credentials demo/demo-secret, other/other-secret; distributed app partner/partner-secret, authorize at ${sandbox.url}/_sandbox/authorize)`,
  );
  if (scenario) console.log(`scenario ${scenarioName}: orders and reviews arrive for the demo stores`);
}

main().catch((error: unknown) => {
  console.error(`sandbox failed to start: ${(error as Error).message}`);
  process.exitCode = 1;
});
