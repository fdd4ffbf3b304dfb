import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startApp } from '../../app/app';
import { createLogger, type Logger } from '../../base/log';
import { LogOutput } from '../../base/log-file';
import { APP_VERSION } from '../../base/version';
import { configFromFlags, readTerminalCommandLine, terminalUsage } from '../../config/config';
import { databaseModuleProblem } from '../../db/database';
import { startWebHost } from './host';
import { launchUrl, writeLaunchFiles } from './launch-files';
import { openWindow, planWindow } from './open-window';
import { LAUNCH_TOKEN_TTL_MS } from './sessions';

/**
 * The last guard: nothing a request, a message or a library does may end the terminal (the
 * platform closes a store 30 s after its last poll). It is logged and the terminal keeps serving.
 */
function keepServing(logger: Logger): void {
  process.on('uncaughtException', (error) => logger.error('uncaught exception (the terminal keeps running)', { error }));
  process.on('unhandledRejection', (error) => logger.error('unhandled rejection (the terminal keeps running)', { error }));
}

/** The log: stderr, and the data folder's log files once the configuration names the folder. */
const output = new LogOutput();
const logger = createLogger({ level: process.env.STORE_TERMINAL_LOG_LEVEL === 'debug' ? 'debug' : 'info', write: output.write });

/** The web shell under plain Node (`node out/main/web.js [flags]`); `mainDir` is out/main/, beside out/renderer/. */
async function main(mainDir: string): Promise<void> {
  // The usage, or a refused flag, before anything starts or touches a data folder.
  const line = readTerminalCommandLine(process.argv.slice(2), { unknownFlags: 'refuse' });
  if (line.kind === 'help') {
    process.stdout.write(terminalUsage());
    return;
  }
  if (line.kind === 'refused') {
    process.stderr.write(`Store Terminal: ${line.reason}\n\n${terminalUsage()}`);
    process.exitCode = 2;
    return;
  }
  keepServing(logger);
  const config = configFromFlags(line.parsed, process.env);
  output.toFiles(config.dataDir);
  const native = databaseModuleProblem();
  if (native) throw new Error(native);
  const rendererDir = process.env.STORE_TERMINAL_RENDERER_DIR ?? join(mainDir, '..', 'renderer');

  const app = await startApp({ config, shell: 'web', logger, version: APP_VERSION });
  const host = await startWebHost({ app, rendererDir, logger, port: config.webPort });
  let launch = { page: '', urlFile: '' };
  host.sessions.onLaunchToken((token) => {
    try {
      launch = writeLaunchFiles(config.dataDir, host.origin, token);
    } catch (error) {
      logger.error('web shell: cannot write the launch link', { error });
    }
  });
  const firstToken = host.sessions.launchToken();
  // Renewed before it expires, so the launch files always hold a link that works.
  const renewal = setInterval(() => host.sessions.renewLaunchToken(), LAUNCH_TOKEN_TTL_MS - 60_000);
  renewal.unref();

  const mode = config.demo
    ? 'demo mode (embedded sandbox, orders start afresh at each launch)'
    : config.apiBaseUrl
      ? `API ${config.apiBaseUrl}`
      : 'the account saved in the data folder, or the first-run screen';
  console.log(`Store Terminal web shell on ${host.origin}  [${mode}]`);

  let stopping = false;
  const shutdown = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearInterval(renewal);
    await host.close();
    await app.stop();
    await output.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  if (!config.openWindow) {
    console.log(
      `No window opened (--no-window). The link that signs a window in is in ${launch.urlFile} (readable by this user only; a fresh one after each use).`,
    );
    if (config.printLaunchUrl) console.log(`Launch link: ${launchUrl(host.origin, firstToken)}`);
    return;
  }
  const plan = planWindow(pathToFileURL(launch.page).href, {
    dataDir: config.dataDir,
    env: process.env,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
  });
  if ('error' in plan) {
    console.log(`Not opening a window: ${plan.error}. The link is in ${launch.urlFile}.`);
    return;
  }
  console.log(`Opening ${plan.description}; closing it stops the terminal.`);
  openWindow(plan, config.dataDir, (code) => {
    if (code === null) console.log(`Could not start ${plan.description}: open the link in ${launch.urlFile} in a browser.`);
    else void shutdown(0);
  });
}

export function runWebShell(mainDir: string): Promise<void> {
  return main(mainDir).catch(async (error: unknown) => {
    console.error(`Store Terminal could not start: ${(error as Error).message}`);
    logger.error('Store Terminal could not start', { error });
    await output.close();
    process.exit(1);
  });
}
