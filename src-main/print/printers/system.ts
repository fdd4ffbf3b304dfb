import { execFile, spawn } from 'node:child_process';
import type { PrinterFault } from '../../../src-shared/ipc/channels/print';
import { PrinterError } from './printer-error';

/** A printer the operating system knows, as a shell reaches it. */
export interface SystemPrinter {
  /** Prints one ticket on the named printer (raw ESC/POS, or the SVG image, whichever the shell sends). */
  send(device: string, ticket: { bytes: Buffer; svg: string }): Promise<void>;
  /** The printers' names. */
  list(): Promise<string[]>;
}

/** CUPS: the web shell's system printers (Linux, macOS). */
export const cupsSystemPrinter: SystemPrinter = {
  send: (device, ticket) => sendToSystemPrinter(device, ticket.bytes),
  list: () => listSystemPrinters(),
};

/** The CUPS tools run in the C locale: their messages are read (does not exist, not accepting), so they must be the English ones. */
const cupsEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({ ...env, LC_ALL: 'C', LANG: 'C' });

export interface CupsOptions {
  timeoutMs?: number;
  /** The environment the CUPS tools run in (tests put fake ones first on PATH). */
  env?: NodeJS.ProcessEnv;
}

/**
 * A printer the operating system knows (CUPS on Linux and macOS): the ticket goes as raw ESC/POS
 * through `lp -d NAME -o raw`; the names come from `lpstat -e`. CUPS takes a job even for a printer
 * out of paper or a stopped queue and keeps it, so the queue's state is asked first: a ticket that
 * would wait inside CUPS is refused here with the cause, and waits in the terminal's own queue
 * instead (where the card says NOT PRINTED). The name was checked against a strict pattern
 * (settings) and is passed as one argument, never through a shell.
 */
export async function sendToSystemPrinter(device: string, bytes: Buffer, options: CupsOptions = {}): Promise<void> {
  const env = cupsEnv(options.env);
  const blocked = faultOfCupsState(await run('lpoptions', ['-p', device], env, 5_000).catch(() => ''));
  if (blocked) throw new PrinterError(blocked.fault, `printer ${device}: ${blocked.why}`);
  const { code, stderr, error } = await lp(device, bytes, env, options.timeoutMs ?? 15_000);
  if (error) throw new PrinterError(error.code === 'ENOENT' ? 'no-print-system' : 'failed', `printer ${device}: ${error.message}`, { cause: error });
  if (code === 0) return;
  if (code === null) throw new PrinterError('timeout', `printer ${device}: lp did not finish in ${(options.timeoutMs ?? 15_000) / 1000} s`);
  let fault = faultOfLpMessage(stderr);
  // CUPS says "does not exist" for every printer when its scheduler is not running.
  if (fault === 'no-such-printer' && /not running/i.test(await run('lpstat', ['-r'], env, 5_000).catch(() => ''))) fault = 'no-print-system';
  throw new PrinterError(fault, `printer ${device}: lp exited with ${code} ${stderr.trim().slice(0, 200)}`);
}

/** Why CUPS would keep a ticket instead of printing it, from `lpoptions -p NAME` (`key=value ...`); undefined when it would print. */
export function faultOfCupsState(lpoptions: string): { fault: PrinterFault; why: string } | undefined {
  const value = (key: string) => new RegExp(`(?:^|\\s)${key}=('[^']*'|\\S*)`).exec(lpoptions)?.[1]?.replace(/^'|'$/g, '');
  const state = value('printer-state');
  if (state === undefined) return undefined; // unknown to CUPS: lp says so in its words
  const reasons = (value('printer-state-reasons') ?? '').split(',').filter((r) => r !== 'none' && !r.endsWith('-warning'));
  const has = (pattern: RegExp) => reasons.some((r) => pattern.test(r));
  const why = `state ${state}, accepting ${value('printer-is-accepting-jobs') ?? '?'}, reasons ${reasons.join(',') || 'none'}`;
  if (value('printer-is-accepting-jobs') === 'false') return { fault: 'not-accepting', why };
  if (has(/^media-(empty|needed)/)) return { fault: 'paper-out', why };
  if (has(/^media-jam/)) return { fault: 'paper-jam', why };
  if (has(/^(cover|door|interlock)-open/)) return { fault: 'cover-open', why };
  if (has(/^(offline|shutdown|connecting-to-device)/)) return { fault: 'disconnected', why };
  // 5 is IPP's "stopped": paused by someone, or stopped by CUPS after the printer failed a job.
  if (state === '5') return { fault: 'stopped', why };
  return undefined;
}

/** What `lp` said on failure (CUPS 2.x, C locale), as a cause. */
export function faultOfLpMessage(stderr: string): PrinterFault {
  if (/does not exist|unknown printer|not found/i.test(stderr)) return 'no-such-printer';
  if (/not accepting jobs/i.test(stderr)) return 'not-accepting';
  if (/scheduler|unable to connect to server|connection refused/i.test(stderr)) return 'no-print-system';
  return 'failed';
}

function lp(
  device: string,
  bytes: Buffer,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; stderr: string; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const child = spawn('lp', ['-d', device, '-o', 'raw', '-t', 'Store Terminal'], { stdio: ['pipe', 'ignore', 'pipe'], env });
    // Its own timer, not spawn's `timeout`: that one outlives an lp that never started (no CUPS) by its whole length.
    const timer = setTimeout(() => child.kill(), timeoutMs);
    const done = (result: { code: number | null; stderr: string; error?: NodeJS.ErrnoException }) => {
      clearTimeout(timer);
      resolve(result);
    };
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    child.once('error', (error) => done({ code: null, stderr, error }));
    child.once('close', (code) => done({ code, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, env }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/** The system's printer names (empty where there is no CUPS). */
export function listSystemPrinters(env?: NodeJS.ProcessEnv): Promise<string[]> {
  return run('lpstat', ['-e'], cupsEnv(env), 5_000).then(
    (stdout) =>
      stdout
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^[\w.@-]{1,128}$/.test(l)),
    () => [],
  );
}
