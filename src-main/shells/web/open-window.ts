import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Opens the web shell in a Chromium app window (no tabs, no address bar), or the default browser,
 * or says plainly that it cannot and prints where to go.
 */
export interface WindowPlan {
  command: string;
  args: string[];
  description: string;
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function planWindow(
  url: string,
  options: { dataDir: string; env: NodeJS.ProcessEnv; platform: NodeJS.Platform; isRoot: boolean; exists?: (p: string) => boolean },
): WindowPlan | { error: string } {
  const exists = options.exists ?? existsSync;
  if (options.platform === 'linux' && !options.env.DISPLAY && !options.env.WAYLAND_DISPLAY) {
    return { error: 'no display found (DISPLAY is not set)' };
  }
  const chromium = options.env.STORE_TERMINAL_CHROMIUM ?? CHROMIUM_CANDIDATES.find((p) => exists(p));
  if (chromium) {
    const args = [
      `--app=${url}`,
      `--user-data-dir=${join(options.dataDir, 'chromium-profile')}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--window-size=1280,800',
      // The app has its own language switch; the new-order chime must ring without a click first.
      '--disable-features=Translate',
      '--autoplay-policy=no-user-gesture-required',
    ];
    // Chromium refuses to start as root with its sandbox on (a kiosk running as root is unusual);
    // --test-type keeps the resulting warning bar off the counter's screen.
    if (options.isRoot) args.push('--no-sandbox', '--test-type');
    return { command: chromium, args, description: `a Chromium app window (${chromium})` };
  }
  if (options.platform === 'darwin') return { command: 'open', args: [url], description: 'the default browser' };
  if (options.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '', url], description: 'the default browser' };
  return { command: 'xdg-open', args: [url], description: 'the default browser' };
}

export function openWindow(plan: WindowPlan, dataDir: string, onExit: (code: number | null) => void): void {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(plan.command, plan.args, { stdio: 'ignore', detached: false });
  child.on('error', () => onExit(null));
  child.on('exit', (code) => onExit(code));
}
