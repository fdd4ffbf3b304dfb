import { sessionFeature } from '../../feature-kit/feature';
import { StaffDesk, THIS_TERMINAL } from './staff-desk';
import { StaffGuard, terminalTeam } from './staff-guard';
import { STAFF_CHANNELS, staffHandlers } from './staff-handlers';

/**
 * Staff (docs/staff.md): the store's people and who works at each device (this terminal, each paired
 * screen: the hub names it), a manager's PIN for what costs money or closes the store, and the trail
 * of every action — the feature's guard rules over every call of the session.
 */
export const staffFeature = sessionFeature({
  name: 'staff',
  channels: STAFF_CHANNELS,
  start: ({ clock, push, orders }) => {
    const { db } = orders();
    const desk = new StaffDesk(db.staff, clock);
    return {
      guard: new StaffGuard(terminalTeam(desk, db.trail), clock),
      handlers: staffHandlers((origin) => ({ desk, device: origin?.id ?? THIS_TERMINAL, trail: db.trail, changed: () => push.push('staff:changed', {}) })),
    };
  },
});
