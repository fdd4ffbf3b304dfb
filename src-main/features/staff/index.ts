import { trailEntry } from '../../db/orders/trail-repo';
import { sessionFeature } from '../../feature-kit/feature';
import { StaffDesk, THIS_TERMINAL } from './staff-desk';
import { StaffGuard } from './staff-guard';

/**
 * Staff (docs/staff.md): the store's people and who works at each device (this terminal, each paired
 * screen: the hub names it), a manager's PIN for what costs money or closes the store, and the trail
 * of every action — the feature's guard rules over every call of the session.
 */
export const staffFeature = sessionFeature({
  name: 'staff',
  channels: ['staff:state', 'staff:signIn', 'staff:signOut', 'staff:approve', 'staff:save', 'staff:remove', 'staff:configure', 'staff:trail'],
  start: ({ clock, push, orders }) => {
    const { db } = orders();
    const desk = new StaffDesk(db.staff, clock);
    const device = (origin: { id: string } | null | undefined): string => origin?.id ?? THIS_TERMINAL;
    const changed = <T>(value: T): T => {
      push.push('staff:changed', {});
      return value;
    };
    return {
      guard: new StaffGuard(desk, db.trail, clock),
      handlers: {
        'staff:state': (_input, origin) => desk.state(device(origin)),
        'staff:signIn': (input, origin) => desk.signIn(device(origin), input.personId, input.pin),
        'staff:signOut': (_input, origin) => desk.signOut(device(origin)),
        'staff:approve': (input, origin) => desk.approve(device(origin), input.personId, input.pin, input.action),
        'staff:save': async (input, origin) => {
          await desk.save(input);
          return changed(desk.state(device(origin)));
        },
        'staff:remove': (input, origin) => {
          desk.remove(input.id);
          return changed(desk.state(device(origin)));
        },
        'staff:configure': (input, origin) => {
          desk.configure(input.signIn, input.idleMinutes);
          return changed(desk.state(device(origin)));
        },
        'staff:trail': (input) => ({ entries: (input.orderId ? db.trail.ofOrder(input.orderId, input.limit) : db.trail.latest(input.limit)).map(trailEntry) }),
      },
    };
  },
});
