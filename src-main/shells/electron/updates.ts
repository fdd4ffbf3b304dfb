import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../base/log';

/** The part of electron-updater's autoUpdater used here; a test passes a fake. */
export interface Updater {
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error' | 'update-downloaded', listener: (value: unknown) => void): unknown;
}

export const UPDATE_CHECK_EVERY_MS = 6 * 3600_000;

/**
 * Updates of a packaged app: checked at start and every 6 hours. electron-updater installs an update
 * only when its sha512 matches the signed feed and (Windows) its code signature is the installed
 * app's publisher. Nothing runs in development, nor while the feed is still the placeholder of
 * electron-builder.yml (the integrator has not set an update server).
 */
export function startUpdates(options: { packaged: boolean; resourcesPath: string; updater: () => Updater; logger: Logger }): () => void {
  const { logger } = options;
  if (!options.packaged) return () => {};
  let feed: string;
  try {
    feed = readFileSync(join(options.resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    logger.info('updates: no update feed in this package');
    return () => {};
  }
  if (/example\.invalid/.test(feed)) {
    logger.info('updates: the update server is still the placeholder of electron-builder.yml; no update check');
    return () => {};
  }
  const updater = options.updater();
  updater.on('error', (error) => logger.warn('updates: check failed', { error }));
  updater.on('update-downloaded', () => logger.info('updates: an update was downloaded and verified; it installs when the terminal restarts'));
  const check = (): void => void updater.checkForUpdatesAndNotify().catch((error: unknown) => logger.warn('updates: check failed', { error }));
  check();
  const timer = setInterval(check, UPDATE_CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
