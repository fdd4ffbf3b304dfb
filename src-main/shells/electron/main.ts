// Entry of the Electron main process.
import { join } from 'node:path';
import * as electron from 'electron';
import electronUpdater from 'electron-updater';
import { startApp } from '../../app/app';
import { configFromFlags, readTerminalCommandLine, terminalUsage, type TerminalFlagValues } from '../../config/config';
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

/** Starts the terminal in its window with the command line's flags. */
async function start(flags: TerminalFlagValues): Promise<void> {
  // A native module built for another runtime: one line that says which and how to fix it.
  const native = databaseModuleProblem();
  if (native) {
    console.error(`Store Terminal could not start: ${native}`);
    electron.dialog.showErrorBox('Store Terminal could not start', native);
    electron.app.exit(1);
    return;
  }
  try {
    const config = configFromFlags(flags, process.env);
    if (config.dataDir) electron.app.setPath('userData', config.dataDir);
    output.toFiles(config.dataDir);
    electron.app.on('will-quit', () => void output.close());
    await runElectronShell({
      electron,
      logger,
      rendererDir: join(import.meta.dirname, '..', 'renderer'),
      preloadPath: join(import.meta.dirname, '..', 'preload', 'preload.cjs'),
      startApp: () =>
        startApp({
          config,
          shell: 'electron',
          logger,
          version: APP_VERSION,
          safeStorage: electronSafeStorage(),
          systemPrinter: electronSystemPrinter(electron),
        }),
    });
    startUpdates({ packaged: electron.app.isPackaged, resourcesPath: process.resourcesPath, updater: () => autoUpdater, logger });
  } catch (error) {
    logger.error('Store Terminal could not start', { error });
    electron.dialog.showErrorBox('Store Terminal could not start', (error as Error).message);
    electron.app.exit(1);
  }
}

// As the web shell: the usage on --help, printed before any window or data folder, then quit.
// Chromium's own switches are on this command line too: passed over, not refused.
const line = readTerminalCommandLine(process.argv.slice(1), { unknownFlags: 'pass' });
if (line.kind === 'help') {
  process.stdout.write(terminalUsage());
  electron.app.exit(0);
} else if (line.kind === 'refused') {
  process.stderr.write(`Store Terminal: ${line.reason}\n\n${terminalUsage()}`);
  electron.app.exit(2);
} else {
  await start(line.parsed);
}
