import { AppError } from '../../../src-shared/errors';
import type { ChannelName, IpcResult } from '../../../src-shared/ipc/contract';
import { costOf, TRAILED } from '../../../src-shared/staff/staff-rules';
import type { Clock } from '../../base/clock';
import type { TrailRecord, TrailWriter } from '../../db/staff-storage';
import type { CallGuard, CallNote, CallOrigin } from '../../ipc/dispatcher';
import { THIS_TERMINAL, type StaffDesk } from './staff-desk';

/**
 * Trailed, but made with nobody signed in: the kitchen's bumps (a display at the pass has no one at
 * it), the screen's own language and density (the settings' costly part, printers, needs a manager),
 * and signing in itself.
 */
const WITHOUT_PERSON = new Set<ChannelName>(['kitchen:bump', 'kitchen:recall', 'kitchen:mark', 'settings:update', 'staff:signIn', 'staff:signOut']);

const field = (input: unknown, key: string): string | null => {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value.slice(0, 200) : null;
};

/** An answer that says its action waits for the link (an order outbox entry, a store action queued). */
function outcomeOf(result: IpcResult<unknown>): Pick<TrailRecord, 'outcome' | 'outbox_id' | 'error_code' | 'error_message'> {
  if (!result.ok) return { outcome: 'refused', outbox_id: null, error_code: result.error.code, error_message: result.error.message.slice(0, 300) };
  const value = typeof result.value === 'object' && result.value !== null ? (result.value as Record<string, unknown>) : {};
  const queued = value.state === 'queued' || value.queued === true;
  const outboxId = typeof value.id === 'number' && typeof value.action === 'string' ? value.id : null;
  return { outcome: queued ? 'queued' : 'done', outbox_id: outboxId, error_code: null, error_message: null };
}

/** The team a call is ruled by: its desk, where its trail goes, and the calling device as the desk names it. */
export interface StaffTeam {
  desk: StaffDesk;
  trail: TrailWriter;
  device: string;
}

/** This terminal's one team: its windows are one device, each paired screen another (the hub names it). */
export const terminalTeam =
  (desk: StaffDesk, trail: TrailWriter) =>
  (origin: CallOrigin): StaffTeam => ({ desk, trail, device: origin?.id ?? THIS_TERMINAL });

/**
 * The staff rules over every call (docs/staff.md): with sign-in on, an action that changes the
 * store's day needs a person at the device, and a costly one a manager's approval (unless the person
 * is a manager, or the team has none yet); every such action, on or off, leaves a line in the trail.
 * `teamOf` says whose rules: a terminal's one team, or on a chain's server the calling terminal's store's.
 */
export class StaffGuard implements CallGuard {
  constructor(
    private readonly teamOf: (origin: CallOrigin) => StaffTeam | Promise<StaffTeam>,
    private readonly clock: Clock,
  ) {}

  async admit(channel: ChannelName, input: unknown, origin: CallOrigin): Promise<CallNote | undefined> {
    if (!TRAILED.has(channel)) return undefined;
    const { desk, trail, device } = await this.teamOf(origin);
    const { signIn } = await desk.config();
    const person = await desk.current(device);
    let approvedBy: string | null = null;
    if (signIn) {
      if (!person && !WITHOUT_PERSON.has(channel)) throw new AppError('sign-in-needed', 'nobody is signed in on this device: tap your name and enter your PIN');
      const cost = costOf(channel, input, this.clock.now());
      if (cost && person?.role !== 'manager' && (await desk.hasManager())) {
        const manager = await desk.takeApproval(device, cost);
        if (!manager) throw new AppError('approval-needed', `this needs a manager's PIN (${cost})`, { field: cost });
        approvedBy = manager.name;
      }
    }
    await desk.touched(device);
    const at = this.clock.now();
    return async (result) => {
      // Signing in names the person who just came (the answer's), not the one before.
      const who = channel === 'staff:signIn' ? await desk.current(device) : person;
      await trail.add({
        at_ms: at,
        person_id: who?.id ?? null,
        person_name: who?.name ?? null,
        device_id: origin?.id ?? null,
        device_name: origin?.name ?? null,
        channel,
        action: field(input, 'action'),
        order_id: field(input, 'orderId'),
        merchant_id: field(input, 'merchantId'),
        approved_by: approvedBy,
        ...outcomeOf(result),
      });
    };
  }
}
