// What `npm start` and `npm test` need before they run, installed when missing, so a fresh clone
// works with Node alone: the npm packages (`npm ci`), the Electron binary where it can be
// downloaded, and for the tests the system tools (Chromium, QR and PDF tools, a headless keychain)
// where this machine lets us install them (apt as root, or sudo without a password).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
}

function has(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

/** node_modules as package-lock.json says, installed with `npm ci` when missing or out of date. */
export function ensurePackages({ wantKeytar = false } = {}) {
  const lock = join(ROOT, 'package-lock.json');
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  const current = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  // keytar was left out (no libsecret then) and could be built now: install again.
  if (current && !(wantKeytar && hasLibsecret() && !keytarBuilt())) return;
  console.log('Store Terminal: installing the npm packages (npm ci)…');
  // Electron's binary comes separately below: where it cannot be downloaded, the install still works.
  const ci = run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  if (ci.status !== 0) {
    console.error('Store Terminal: `npm ci` failed (see above).');
    process.exit(ci.status ?? 1);
  }
  ensureElectronBinary();
}

/** Downloads Electron's binary when it is missing; where that is impossible, says so once. */
export function ensureElectronBinary() {
  const install = join(ROOT, 'node_modules', 'electron', 'install.js');
  if (!existsSync(install) || existsSync(join(ROOT, 'node_modules', 'electron', 'path.txt')) || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return;
  const result = run(process.execPath, [install], { stdio: 'ignore', timeout: 120_000 });
  if (result.status !== 0) console.log('Store Terminal: the Electron binary could not be downloaded here; the app runs in the web shell (Chromium).');
}

/** libsecret's headers: keytar (the OS keychain) builds against them; without them it is left out. */
export function hasLibsecret() {
  return spawnSync('pkg-config', ['--exists', 'libsecret-1'], { stdio: 'ignore' }).status === 0;
}

/** keytar is optional: a machine without libsecret installs without it (secrets then stay in memory). */
export function keytarBuilt() {
  return existsSync(join(ROOT, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'));
}

const TEST_PACKAGES = [
  ['libsecret-1-dev', hasLibsecret],
  ['python3', () => has('python3')],
  ['make', () => has('make')],
  ['g++', () => has('g++')],
  ['chromium', () => has('chromium') || !!process.env.STORE_TERMINAL_CHROMIUM],
  ['zbar-tools', () => has('zbarimg')],
  ['poppler-utils', () => has('pdftoppm')],
  ['gnome-keyring', () => has('gnome-keyring-daemon')],
  ['dbus-x11', () => has('dbus-run-session')],
  ['faketime', () => has('faketime')],
  ['fonts-dejavu-core', () => existsSync('/usr/share/fonts/truetype/dejavu')],
  // The chain server's tests run against a real PostgreSQL: each starts a throwaway cluster with
  // initdb and pg_ctl (test/support/chain/pg-cluster.ts). Debian keeps them in /usr/lib/postgresql/<v>/bin.
  ['postgresql', () => has('initdb') || existsSync('/usr/lib/postgresql')],
];

/** The system tools the suite uses, installed with apt where this machine allows it. */
export function ensureTestTools() {
  const missing = TEST_PACKAGES.filter(([, present]) => !present()).map(([name]) => name);
  if (missing.length === 0) return;
  const root = process.getuid?.() === 0;
  const sudo = !root && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!has('apt-get') || (!root && !sudo)) {
    console.log(`Store Terminal: missing system packages for some tests: ${missing.join(' ')} (install them with apt; those tests skip or fail without them).`);
    return;
  }
  console.log(`Store Terminal: installing ${missing.join(' ')} (apt)…`);
  const prefix = root ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...args] = [...prefix, 'apt-get'];
  run(cmd, [...args, 'update', '-qq'], { env });
  const result = run(cmd, [...args, 'install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  if (result.status !== 0) console.log('Store Terminal: apt could not install them; the tests that need them skip or fail.');
}
