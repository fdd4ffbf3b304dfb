import type { Bridge } from '../../src-shared/ipc/contract';
import type { RushStore, RushView } from '../../src-shared/ipc/channels/rush';
import type { LoadLevel } from '../../src-shared/store-rules/closure-rules';

const ORDER: Record<LoadLevel, number> = { calm: 0, busy: 1, swamped: 2 };

/** The rush guard on screen: each store's load word, and the warnings before the platform's automatic closure. */
export class RushState {
  #view = $state<RushView | null>(null);

  constructor(private readonly bridge: Bridge) {
    bridge.on('rush:changed', (view) => (this.#view = view));
  }

  /** A terminal that cannot say (a chain's terminal: its server does not yet) shows nothing. */
  async load(): Promise<void> {
    const result = await this.bridge['rush:gauge']({});
    if (result.ok) this.#view = result.value;
  }

  /** The most loaded store's word (calm when nothing is on). */
  get level(): LoadLevel {
    return (this.#view?.stores ?? []).reduce<LoadLevel>((worst, s) => (ORDER[s.level] > ORDER[worst] ? s.level : worst), 'calm');
  }

  /** Every store's warnings, the most loaded store first. */
  get warnings(): { merchantId: string; warning: RushStore['warnings'][number] }[] {
    return (this.#view?.stores ?? []).flatMap((s) => s.warnings.map((warning) => ({ merchantId: s.merchantId, warning })));
  }
}
