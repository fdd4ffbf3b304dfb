import type { DaySummary } from '../../src-shared/ipc/channels/history';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import { dayRange } from './day';

/** The day's summary (shift report) of a chosen local day. */
export class SummaryState {
  day = $state('');
  #summary = $state.raw<DaySummary | null>(null);
  readonly read = new Read();

  constructor(private readonly bridge: Bridge) {}

  get summary(): DaySummary | null {
    return this.#summary;
  }

  async load(day: string): Promise<void> {
    this.day = day;
    const range = dayRange(day);
    if (!range) return;
    const summary = await this.read.run(() => this.bridge['history:summary']({ from: range.from.toISOString(), to: range.to.toISOString() }));
    if (summary && this.day === day) this.#summary = summary;
  }
}
