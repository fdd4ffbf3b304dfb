import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../base/clock';
import { failure } from './protocol';

/**
 * A screen's calls waiting for the hub's answer. Every call ends: with the hub's answer, with
 * `connection` when the link drops under it, or with `timeout` when the hub never answers, so a
 * screen's button never spins forever.
 */
export class PendingCalls {
  private readonly waiting = new Map<number, { channel: string; resolve: (result: IpcResult<unknown>) => void; timer: AbortController }>();

  constructor(
    private readonly clock: Clock,
    private readonly withinMs: number,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  expect(id: number, channel: string): Promise<IpcResult<unknown>> {
    return new Promise((resolve) => {
      const timer = new AbortController();
      this.waiting.set(id, { channel, resolve, timer });
      this.clock.sleep(this.withinMs, timer.signal).then(
        () => this.settle(id, failure('timeout', 'the hub terminal did not answer in time')),
        () => {},
      );
    });
  }

  /** The channel a call waiting under `id` went to (its answer is read with that channel's schema). */
  channelOf(id: number): string | undefined {
    return this.waiting.get(id)?.channel;
  }

  settle(id: number, result: IpcResult<unknown>): void {
    const call = this.waiting.get(id);
    if (!call) return;
    this.waiting.delete(id);
    call.timer.abort();
    call.resolve(result);
  }

  settleAll(result: IpcResult<unknown>): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, result);
  }
}
