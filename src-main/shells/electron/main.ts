// Entry of the Electron main process.
import { join } from 'node:path';
import * as electron from 'electron';
import electronUpdater from 'electron-updater';
import { startApp } from '../../app/app';
import { loadConfig } from '../../config/config';
import { databaseModuleProblem } from '../../db/database';
import { createLogger } from '../../base/log';
import { LogOutput } from '../../base/log-file';
import { APP_VERSION } from '../../base/version';
import { electronSafeStorage } from './safe-storage';
import { runElectronShell } from './shell';
import { electronSystemPrinter } from './system-printer';
import { startUpdates } from './updates';

const { autoUpdater } = electronUpdater;
/** The log: stderr, and the data folder's log files once the configuration names the folder. */
const output = new LogOutput();
const logger = createLogger({ write: output.write });

// A native module built for another runtime: one line that says which and how to fix it.
const native = databaseModuleProblem();
if (native) {
  console.error(`Store Terminal could not start: ${native}`);
  electron.dialog.showErrorBox('Store Terminal could not start', native);
  electron.app.exit(1);
}

try {
  const config = loadConfig(process.argv.slice(1), process.env);
  if (config.dataDir) electron.app.setPath('userData', config.dataDir);
  output.toFiles(config.dataDir);
  electron.app.on('will-quit', () => void output.close());
  await runElectronShell({
    electron,
    logger,
    rendererDir: join(import.meta.dirname, '..', 'renderer'),
    preloadPath: join(import.meta.dirname, '..', 'preload', 'preload.cjs'),
    startApp: () => startApp({ config, shell: 'electron', logger, version: APP_VERSION, safeStorage: electronSafeStorage(), systemPrinter: electronSystemPrinter(electron) }),
  });
  startUpdates({ packaged: electron.app.isPackaged, resourcesPath: process.resourcesPath, updater: () => autoUpdater, logger });
} catch (error) {
  logger.error('Store Terminal could not start', { error });
  electron.dialog.showErrorBox('Store Terminal could not start', (error as Error).message);
  electron.app.exit(1);
}
