import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

/**
 * Two network namespaces joined by a veth pair: a hub's machine and a screen's, on a link of their
 * own (10.47.110.0/24), that no packet leaves; and a bare one, with no interface up (not even
 * loopback): a machine with no network at all. Names are unique per run, so runs side by side never
 * meet. Needs root (CAP_NET_ADMIN) and iproute2; `tryLink()` says why not where it cannot be made.
 */

export interface NetnsLink {
  hub: { ns: string; address: string };
  screen: { ns: string; address: string };
  bare: { ns: string };
  /** Runs a TypeScript file under tsx inside a namespace, with piped stdio. */
  run(ns: string, script: string, env?: Record<string, string>): LineChild;
  /** Ends the children and deletes the namespaces (the veth pair goes with them); safe to call twice. */
  remove(): void;
}

const ip = (...args: string[]): void => void execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** The namespaces and the link, or why they cannot be made here. */
export function tryLink(): { link: NetnsLink } | { why: string } {
  if (process.platform !== 'linux') return { why: `network namespaces are Linux's (this is ${process.platform})` };
  if (process.getuid?.() !== 0) return { why: 'network namespaces need root (CAP_NET_ADMIN)' };
  const run = randomBytes(3).toString('hex');
  const hub = { ns: `st-hub-${run}`, address: '10.47.110.1', dev: `sth${run}` };
  const screen = { ns: `st-screen-${run}`, address: '10.47.110.2', dev: `sts${run}` };
  const bare = { ns: `st-bare-${run}` };
  const children: LineChild[] = [];
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    for (const child of children) child.kill();
    for (const ns of [hub.ns, screen.ns, bare.ns]) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // never made, or already gone
      }
    }
    try {
      ip('link', 'del', hub.dev); // only there if it never reached its namespace
    } catch {
      // gone with its namespace
    }
  };
  // Whatever ends this process, the namespaces do not outlive it.
  process.once('exit', remove);
  try {
    ip('netns', 'add', hub.ns);
    ip('netns', 'add', screen.ns);
    ip('netns', 'add', bare.ns);
    ip('link', 'add', hub.dev, 'type', 'veth', 'peer', 'name', screen.dev);
    for (const end of [hub, screen]) {
      ip('link', 'set', end.dev, 'netns', end.ns);
      ip('-n', end.ns, 'addr', 'add', `${end.address}/24`, 'dev', end.dev);
      ip('-n', end.ns, 'link', 'set', 'lo', 'up');
      ip('-n', end.ns, 'link', 'set', end.dev, 'up');
      // A socket that leaves the choice of interface to the routes (the screen's, by default) finds the link this way.
      ip('-n', end.ns, 'route', 'add', '224.0.0.0/4', 'dev', end.dev);
    }
  } catch (error) {
    remove();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { why: `cannot make network namespaces here: ${stderr || (error as Error).message}` };
  }
  return {
    link: {
      hub: { ns: hub.ns, address: hub.address },
      screen: { ns: screen.ns, address: screen.address },
      bare,
      run: (ns, script, env = {}) => {
        const child = new LineChild(
          spawn('ip', ['netns', 'exec', ns, process.execPath, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: 'pipe' }),
        );
        children.push(child);
        return child;
      },
      remove,
    },
  };
}

/** A child process that prints one JSON object a line; the test waits for the line it expects. */
export class LineChild {
  private readonly lines: unknown[] = [];
  private readonly waiters = new Set<() => void>();
  private stderr = '';

  constructor(readonly process: ChildProcessWithoutNullStreams) {
    createInterface({ input: process.stdout }).on('line', (line) => {
      try {
        this.lines.push(JSON.parse(line));
      } catch {
        this.lines.push(line);
      }
      for (const wake of [...this.waiters]) wake();
    });
    process.stderr.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4_000)));
    process.on('exit', () => {
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** The first line `wanted` accepts, or an error with what the child said after `ms`. */
  line<T>(wanted: (line: unknown) => line is T, ms = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const look = (): void => {
        const found = this.lines.find(wanted);
        if (found !== undefined) {
          done();
          resolve(found);
        } else if (this.process.exitCode !== null) {
          done();
          reject(new Error(`child exited (${this.process.exitCode}) without it; stdout: ${JSON.stringify(this.lines)}; stderr: ${this.stderr}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such line within ${ms} ms; stdout: ${JSON.stringify(this.lines)}; stderr: ${this.stderr}`));
      }, ms);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(look);
      };
      this.waiters.add(look);
      look();
    });
  }

  /** Asks the child to finish (its stdin closes) and waits for it to exit. */
  async finish(): Promise<number | null> {
    if (this.process.exitCode === null) {
      this.process.stdin.end();
      await new Promise((resolve) => this.process.once('exit', resolve));
    }
    return this.process.exitCode;
  }

  kill(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }
}
