import type { DaySummary } from '../../src-shared/ipc/channels/history';
import type { StationSpeed } from '../../src-shared/ipc/channels/kitchen';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import { dayRange } from './day';

/** The day's summary (shift report) of a chosen local day, with each kitchen station's speed of service. */
export class SummaryState {
  day = $state('');
  #summary = $state.raw<DaySummary | null>(null);
  #stations = $state.raw<StationSpeed[]>([]);
  readonly read = new Read();

  constructor(private readonly bridge: Bridge) {}

  get summary(): DaySummary | null {
    return this.#summary;
  }

  /** The kitchen's stations that bumped orders that day: average and p90 ticket time (empty without a kitchen display). */
  get stations(): StationSpeed[] {
    return this.#stations;
  }

  async load(day: string): Promise<void> {
    this.day = day;
    const range = dayRange(day);
    if (!range) return;
    const span = { from: range.from.toISOString(), to: range.to.toISOString() };
    const [summary, speed] = await Promise.all([this.read.run(() => this.bridge['history:summary'](span)), this.bridge['kitchen:speed'](span)]);
    if (this.day !== day) return;
    // The kitchen's part is a line more: when it cannot be read, the summary shows without it.
    this.#stations = speed.ok ? speed.value.stations : [];
    if (summary) this.#summary = summary;
  }
}
