import type { z } from 'zod';
import { AppError, describeZodError, toAppError } from '../../src-shared/errors';
import { channels, isChannelName, type ChannelName, type ChannelOutput, type IpcResult } from '../../src-shared/ipc/contract';
import type { ActionOrigin } from '../../src-shared/ipc/channels/screens';
import type { Logger } from '../base/log';

/** The parsed input a handler receives (defaults applied). */
export type HandlerInput<C extends ChannelName> = z.output<(typeof channels)[C]['input']>;

/**
 * Who made a call: a paired screen (the hub's LAN server names it from its device credential, never
 * from what the screen says), or null for this terminal's own windows.
 */
export type CallOrigin = ActionOrigin | null;

/**
 * A rule over every call, whoever answers it (docs/staff.md): before the handler it may refuse the
 * call (throwing an AppError whose words say why: nobody signed in, a manager's PIN needed); once
 * the call is answered it hears what it came to (the trail). The dispatcher asks for the guard at
 * each call: there is none before an account is open.
 */
export interface CallGuard {
  /** Throws (or rejects) to refuse; gives back what hears the outcome, if the call is one to note. */
  admit(channel: ChannelName, input: unknown, origin: CallOrigin): CallNote | undefined | Promise<CallNote | undefined>;
}

/** Hears what an admitted call came to; the call's answer waits for it (a trail line is written before the caller hears). */
export type CallNote = (result: IpcResult<unknown>) => void | Promise<void>;

export type Handlers = {
  /** `origin`: always given by the dispatcher; optional so a test (or a handler's own caller) may leave it out for "this terminal". */
  [C in ChannelName]: (input: HandlerInput<C>, origin?: CallOrigin) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};

/**
 * Binds the contract to handlers. Input from the renderer is untrusted: it is parsed here, and
 * whatever happens the caller gets an IpcResult, never a throw across the boundary. Calls in flight
 * are counted so shutdown can wait for them.
 */
export class IpcDispatcher {
  private inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly handlers: Handlers,
    private readonly logger: Logger,
    /** The staff rules of the open account, if any (asked at each call). */
    private readonly guard: () => CallGuard | undefined = () => undefined,
  ) {}

  /** `origin`: the paired screen that made the call (the hub's server says which); absent or null for this terminal's own windows. */
  invoke(channel: unknown, input: unknown, origin: CallOrigin = null): Promise<IpcResult<unknown>> {
    const call = this.run(channel, input, origin);
    this.inflight.add(call);
    void call.finally(() => this.inflight.delete(call));
    return call;
  }

  /** Resolves when every call in flight has answered. */
  async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private async run(channel: unknown, input: unknown, origin: CallOrigin): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel)) {
      return { ok: false, error: { code: 'bad-input', message: `unknown channel ${String(channel).slice(0, 80)}` } };
    }
    const spec = channels[channel];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      const { field, message } = describeZodError(parsed.error);
      return { ok: false, error: { code: 'bad-input', message: `${channel}: ${message}`, field } };
    }
    let settled: CallNote | undefined;
    try {
      settled = await this.guard()?.admit(channel, parsed.data, origin);
      const handler = this.handlers[channel] as (input: unknown, origin: CallOrigin) => Promise<unknown>;
      const output = await handler(parsed.data, origin);
      const checked = spec.output.safeParse(output);
      if (!checked.success) {
        // A handler broke the contract: a bug, reported as such, never passed on half-formed.
        throw new AppError('internal', `${channel} produced an invalid answer: ${describeZodError(checked.error).message}`);
      }
      return this.noted(settled, { ok: true, value: checked.data });
    } catch (error) {
      const appError = toAppError(error);
      const log = appError.code === 'internal' ? this.logger.error : this.logger.warn;
      log(`ipc ${channel} failed`, { code: appError.code, error: appError });
      return this.noted(settled, { ok: false, error: appError.toInfo() });
    }
  }

  /** The guard hears what the call came to; its own failure is logged, never the caller's. */
  private async noted(settled: CallNote | undefined, result: IpcResult<unknown>): Promise<IpcResult<unknown>> {
    try {
      await settled?.(result);
    } catch (error) {
      this.logger.error('the call guard failed to note a call', { error: toAppError(error) });
    }
    return result;
  }
}
