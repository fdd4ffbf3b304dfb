import { parseArgs } from 'node:util';
import { runningFrom } from '../src-shared/running-clock';
import { startSandbox } from './index';
import { SCENARIO_NAMES, startScenario, type ScenarioName } from './scenario/index';

/** `npm run sandbox -- --port 8787 [--no-rate-limits] [--rate-limit-factor N] [--scenario busy|quiet|none]` */
const usage =
  'usage: npm run sandbox -- [--port N] [--host 127.0.0.1] [--no-rate-limits] [--rate-limit-factor N] [--scenario busy|quiet|none] [--clock-at ISO-instant]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      'no-rate-limits': { type: 'boolean', default: false },
      'rate-limit-factor': { type: 'string', default: '1' },
      scenario: { type: 'string', default: 'none' },
      'clock-at': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  const factor = values['no-rate-limits'] ? 0 : Number(values['rate-limit-factor']);
  const scenarioName = values.scenario as ScenarioName;
  const clockAt = values['clock-at'] === undefined ? undefined : Date.parse(values['clock-at']);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(factor) || factor < 0 || !SCENARIO_NAMES.includes(scenarioName) || Number.isNaN(clockAt)) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const sandbox = await startSandbox({ port, host: values.host, rateLimitFactor: factor, ...(clockAt === undefined ? {} : { now: runningFrom(clockAt) }) });
  const scenario = startScenario(sandbox.world, scenarioName);
  const stop = (): void => {
    scenario?.stop();
    void sandbox.close().then(() => process.exit(0));
  };
  // Handlers before the announcement: whoever reads "listening" may signal us at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`sandbox listening on ${sandbox.url}  (credentials demo/demo-secret, other/other-secret; distributed app partner/partner-secret, authorize at ${sandbox.url}/_sandbox/authorize)`);
  if (scenario) console.log(`scenario ${scenarioName}: orders and reviews arrive for the demo stores`);
}

main().catch((error: unknown) => {
  console.error(`sandbox failed to start: ${(error as Error).message}`);
  process.exitCode = 1;
});
