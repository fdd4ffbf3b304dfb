import type { ErrorInfo } from '../../src-shared/errors';
import { channelNames, type Bridge, type ChannelName, type IpcResult } from '../../src-shared/ipc/contract';
import { TRAILED } from '../../src-shared/staff/staff-rules';

/** What the gate asks of the person at the screen (StaffState, through its dialogs). */
export interface StaffAsker {
  /**
   * The refusal says who is missing (`sign-in-needed`: a person; `approval-needed`: a manager's PIN):
   * asks for it; true once given (the call then goes again), false when the dialog was closed.
   */
  ask(refusal: ErrorInfo): Promise<boolean>;
  /** A trailed call about an order was answered: its trail may have a new line. */
  answered(orderId: string): void;
}

/** What a person or a manager can give: every other refusal goes back to the caller as it came. */
const ASKED: ReadonlySet<string> = new Set(['sign-in-needed', 'approval-needed']);
/** The staff's own calls are what answers a refusal: never asked about themselves. */
const OWN: ReadonlySet<ChannelName> = new Set(['staff:state', 'staff:signIn', 'staff:signOut', 'staff:approve', 'staff:trail']);

const orderIdOf = (input: unknown): string | null => {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).orderId : undefined;
  return typeof value === 'string' ? value : null;
};

/**
 * The bridge every screen uses, wrapped in one place (docs/staff.md): a call the main process
 * refuses for want of a person at the device or a manager's PIN opens the dialog that gives it, and
 * goes again once it is given — its caller (the cancel dialog, the menu's price, a pause) gets the
 * second answer and needs to know nothing of staff. Each kind is asked at most once per call (a
 * cancel with nobody signed in: the name and PIN, then the manager's); a closed dialog gives the
 * caller the refusal as it came. Calls the main process never refuses so (the cook's normal path)
 * pass untouched.
 */
export function guardBridge(raw: Bridge, asker: StaffAsker): Bridge {
  const call = async (channel: ChannelName, input: unknown): Promise<IpcResult<unknown>> => {
    const send = (): Promise<IpcResult<unknown>> => (raw[channel] as (input: unknown) => Promise<IpcResult<unknown>>)(input);
    let result = await send();
    const asked = new Set<string>();
    while (!result.ok && !OWN.has(channel) && ASKED.has(result.error.code) && !asked.has(result.error.code)) {
      asked.add(result.error.code);
      if (!(await asker.ask(result.error))) break;
      result = await send();
    }
    const orderId = orderIdOf(input);
    // Only a call that leaves a line: a read (the detail, its panels) would read the trail again for nothing.
    if (orderId && TRAILED.has(channel)) asker.answered(orderId);
    return result;
  };
  const guarded: Record<string, unknown> = { on: raw.on.bind(raw) };
  for (const channel of channelNames) guarded[channel] = (input: unknown) => call(channel, input);
  return guarded as Bridge;
}
