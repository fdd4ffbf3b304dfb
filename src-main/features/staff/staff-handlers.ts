import type { Handlers, CallOrigin } from '../../ipc/dispatcher';
import { trailEntry, type TrailReader } from '../../db/staff-storage';
import type { StaffDesk } from './staff-desk';

export const STAFF_CHANNELS = [
  'staff:state',
  'staff:signIn',
  'staff:signOut',
  'staff:approve',
  'staff:save',
  'staff:remove',
  'staff:configure',
  'staff:trail',
] as const;
type StaffChannel = (typeof STAFF_CHANNELS)[number];

/** The team a call reaches: its desk, the calling device as the desk names it, its trail, and who hears that it changed. */
export interface StaffCounter {
  desk: StaffDesk;
  device: string;
  trail: TrailReader;
  /** The people or the switch changed: the team's devices read their state again. */
  changed(): void;
}

/**
 * The staff channels over a team (docs/staff.md): a terminal's one team, or on a chain's server the
 * calling terminal's store's (`counterOf` refuses a device the server does not know).
 */
export function staffHandlers(counterOf: (origin: CallOrigin | undefined) => StaffCounter | Promise<StaffCounter>): Pick<Handlers, StaffChannel> {
  const changed = async (counter: StaffCounter) => {
    counter.changed();
    return counter.desk.state(counter.device);
  };
  return {
    'staff:state': async (_input, origin) => {
      const { desk, device } = await counterOf(origin);
      return desk.state(device);
    },
    'staff:signIn': async (input, origin) => {
      const { desk, device } = await counterOf(origin);
      return desk.signIn(device, input.personId, input.pin);
    },
    'staff:signOut': async (_input, origin) => {
      const { desk, device } = await counterOf(origin);
      return desk.signOut(device);
    },
    'staff:approve': async (input, origin) => {
      const { desk, device } = await counterOf(origin);
      return desk.approve(device, input.personId, input.pin, input.action);
    },
    'staff:save': async (input, origin) => {
      const counter = await counterOf(origin);
      await counter.desk.save(input);
      return changed(counter);
    },
    'staff:remove': async (input, origin) => {
      const counter = await counterOf(origin);
      await counter.desk.remove(input.id);
      return changed(counter);
    },
    'staff:configure': async (input, origin) => {
      const counter = await counterOf(origin);
      await counter.desk.configure(input.signIn, input.idleMinutes);
      return changed(counter);
    },
    'staff:trail': async (input, origin) => {
      const { trail } = await counterOf(origin);
      const lines = await (input.orderId ? trail.ofOrder(input.orderId, input.limit) : trail.latest(input.limit));
      return { entries: lines.map(trailEntry) };
    },
  };
}
