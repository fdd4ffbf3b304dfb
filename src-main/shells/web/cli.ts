import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from '../../app/app';
import { loadConfig } from '../../config/config';
import { createLogger } from '../../base/log';
import { APP_VERSION } from '../../base/version';
import { startWebHost } from './host';
import { openWindow, planWindow } from './open-window';

/** Entry of the web shell under plain Node: `node out/main/web.js [flags]`. */
async function main(): Promise<void> {
  const logger = createLogger({ level: process.env.STORE_TERMINAL_LOG_LEVEL === 'debug' ? 'debug' : 'info' });
  const config = loadConfig(process.argv.slice(2), process.env);
  mkdirSync(config.dataDir, { recursive: true });
  const here = dirname(fileURLToPath(import.meta.url));
  const rendererDir = process.env.STORE_TERMINAL_RENDERER_DIR ?? join(here, '..', 'renderer');

  const app = await startApp({ config, shell: 'web', logger, version: APP_VERSION });
  const host = await startWebHost({ app, rendererDir, logger, port: config.webPort });
  const mode = config.apiBaseUrl ? `API ${config.apiBaseUrl}` : 'demo mode (embedded sandbox)';
  console.log(`Store Terminal web shell on ${host.launchUrl}  [${mode}]`);

  let stopping = false;
  const shutdown = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await app.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  if (!config.openWindow) return;
  const plan = planWindow(host.launchUrl, {
    dataDir: config.dataDir,
    env: process.env,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
  });
  if ('error' in plan) {
    console.log(`Not opening a window: ${plan.error}.`);
    return;
  }
  console.log(`Opening ${plan.description}; closing it stops the terminal.`);
  openWindow(plan, config.dataDir, (code) => {
    if (code === null) console.log(`Could not start ${plan.description}: open the URL above in a browser.`);
    else void shutdown(0);
  });
}

main().catch((error: unknown) => {
  console.error(`Store Terminal could not start: ${(error as Error).message}`);
  process.exit(1);
});
