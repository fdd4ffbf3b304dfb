import type { ErrorInfo } from '../../../src-shared/errors';
import type { Bridge, ChannelInput, ChannelName, ChannelOutput, IpcResult, PushName, PushPayload } from '../../../src-shared/ipc/contract';
import { channelNames } from '../../../src-shared/ipc/contract';

type Answers = { [C in ChannelName]?: (input: ChannelInput<C>) => ChannelOutput<C> | { error: ErrorInfo } };

export interface FakeBridge extends Bridge {
  /** Every call the screen made, in order. */
  readonly calls: { channel: ChannelName; input: unknown }[];
  /** Delivers a push event as the main process would. */
  push<E extends PushName>(event: E, payload: PushPayload<E>): void;
}

/**
 * A bridge for renderer tests: each channel answers what the test says (an unanswered channel is a
 * `bad-input` error, so a test sees what the screen asked for), and pushes are delivered on demand.
 */
export function fakeBridge(answers: Answers = {}): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const listeners = new Map<PushName, Set<(payload: unknown) => void>>();
  const bridge: Record<string, unknown> = {};
  for (const channel of channelNames) {
    bridge[channel] = async (input: unknown): Promise<IpcResult<unknown>> => {
      calls.push({ channel, input });
      const answer = (answers as Record<string, ((input: unknown) => unknown) | undefined>)[channel];
      if (!answer) return { ok: false, error: { code: 'bad-input', message: `${channel} has no answer in this test` } };
      const value = answer(input);
      return value && typeof value === 'object' && 'error' in value ? { ok: false, error: value.error as ErrorInfo } : { ok: true, value };
    };
  }
  bridge.on = (event: PushName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  bridge.calls = calls;
  bridge.push = (event: PushName, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return bridge as unknown as FakeBridge;
}
