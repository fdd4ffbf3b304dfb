import type { DiagnosticsExport } from '../../src-shared/ipc/channels/diagnostics';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';

/** The user agent as the contract takes it (a longer one is cut rather than refused). */
const USER_AGENT_MAX = 512;

/** Settings › Support: the diagnostics file for support, made by the main process. */
export class DiagnosticsState {
  readonly read = new Read();
  /** The name of the last file handed to the window, to say it was saved. */
  #lastFile = $state<string | null>(null);

  constructor(private readonly bridge: Bridge) {}

  get lastFile(): string | null {
    return this.#lastFile;
  }

  /**
   * Asks for the file (the window says its browser: the web shell's Chromium is not the main
   * process's); undefined when it failed, and `read.error` says why.
   */
  async export(userAgent: string | undefined): Promise<DiagnosticsExport | undefined> {
    this.#lastFile = null;
    const file = await this.read.run(() => this.bridge['diagnostics:export'](userAgent ? { userAgent: userAgent.slice(0, USER_AGENT_MAX) } : {}));
    if (file) this.#lastFile = file.fileName;
    return file;
  }
}
