import type { ErrorInfo } from '../../src-shared/errors';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Settings, type SettingsPatch } from '../../src-shared/settings';

/**
 * The manager's settings, kept by the main process (the renderer keeps none of its own): read once,
 * changed through `settings:update`, and followed by `settings:changed` (another window changed them).
 */
export class SettingsState {
  #settings = $state<Settings>(Settings.parse({}));
  #loaded = $state(false);
  #error = $state<ErrorInfo | null>(null);
  // Listeners, not state: nothing on screen reads this list.
  readonly #listeners: ((settings: Settings) => void)[] = [];

  constructor(private readonly bridge: Bridge) {
    bridge.on('settings:changed', (settings) => this.apply(settings));
  }

  get settings(): Settings {
    return this.#settings;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }

  /** Told of every change (the language, the chosen store). */
  onChange(listener: (settings: Settings) => void): void {
    this.#listeners.push(listener);
  }

  async load(): Promise<void> {
    const result = await this.bridge['settings:get']({});
    if (result.ok) this.apply(result.value);
    else this.#error = result.error;
  }

  async update(patch: SettingsPatch): Promise<boolean> {
    const result = await this.bridge['settings:update'](patch);
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.apply(result.value);
    return true;
  }

  private apply(settings: Settings): void {
    this.#settings = settings;
    this.#loaded = true;
    this.#error = null;
    for (const listener of this.#listeners) listener(settings);
  }
}
