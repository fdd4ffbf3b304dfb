import type { ScreensState as ScreensView } from '../../src-shared/ipc/channels/screens';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';

/**
 * Settings › Telas: the hub's state, the pairing code on screen and the paired screens, read once
 * and followed by `screens:changed` (a screen paired, connected, gone, revoked; the code used or
 * ended). Every action answers the new state, which is shown at once.
 */
export class ScreensState {
  readonly read = new Read();
  /** A revocation or a switch in flight (its buttons wait). */
  readonly action = new Read();
  #view = $state<ScreensView | null>(null);

  constructor(private readonly bridge: Bridge) {
    bridge.on('screens:changed', (view) => (this.#view = view));
  }

  get view(): ScreensView | null {
    return this.#view;
  }

  async load(): Promise<void> {
    this.show(await this.read.run(() => this.bridge['screens:state']({})));
  }

  /** A new code for two minutes (the port opens if it was closed). */
  async openPairing(): Promise<boolean> {
    return this.show(await this.action.run(() => this.bridge['screens:openPairing']({})));
  }

  async closePairing(): Promise<void> {
    this.show(await this.action.run(() => this.bridge['screens:closePairing']({})));
  }

  async revoke(deviceId: string): Promise<boolean> {
    return this.show(await this.action.run(() => this.bridge['screens:revoke']({ deviceId })));
  }

  /** "Aceitar telas": a setting, changed like any other (the hub follows it at once). */
  async accept(enabled: boolean): Promise<void> {
    const changed = await this.action.run(() => this.bridge['settings:update']({ hub: { enabled } }));
    if (changed) await this.load();
  }

  private show(view: ScreensView | undefined): boolean {
    if (view) this.#view = view;
    return view !== undefined;
  }
}
