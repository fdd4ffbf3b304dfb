import { AppError } from '../../../src-shared/errors';
import { chainFeature, type ChainContext } from '../../feature-kit/feature';
import type { CallOrigin } from '../../ipc/dispatcher';
import { StaffDesk } from './staff-desk';
import { StaffGuard } from './staff-guard';
import { STAFF_CHANNELS, staffHandlers } from './staff-handlers';

/**
 * The store a chain's terminal works for, as a team: its store's — a terminal granted several
 * stores (brands cooked in one kitchen) works with the first one's (by id), one team per place, so
 * a person signed in there acts for all of them.
 */
export function teamStore(stores: readonly string[]): string {
  const [first] = [...stores].sort();
  if (first === undefined) throw new AppError('forbidden', 'this terminal was granted no store: it has no team');
  return first;
}

/**
 * Staff on a chain's server (docs/staff.md, "On a chain"): each store's team in the chain's
 * PostgreSQL, the same desk and rules as a terminal's; the guard rules over every call a store
 * terminal makes against its store's team and writes the trail there. The store is always the one
 * the calling device was granted: a terminal of store B never reads, signs in as or changes A's people.
 */
export const staffChainFeature = chainFeature({
  name: 'staff',
  channels: STAFF_CHANNELS,
  start: ({ access, staff, trail, clock, pushToStore }: ChainContext) => {
    const teamOf = async (origin: CallOrigin | undefined) => {
      const { origin: device, stores } = await access.granted(origin);
      const storeId = teamStore(stores);
      const team = staff.team(storeId);
      return { storeId, device: device.id, desk: new StaffDesk(team, clock, team) };
    };
    return {
      guard: new StaffGuard(async (origin) => {
        const { storeId, device, desk } = await teamOf(origin);
        return { desk, device, trail: trail.of(storeId) };
      }, clock),
      handlers: staffHandlers(async (origin) => {
        const { storeId, device, desk } = await teamOf(origin);
        return {
          desk,
          device,
          changed: () => pushToStore(storeId, 'staff:changed', {}),
          trail: {
            latest: (limit) => trail.latest(storeId, limit),
            // An order's lines only for an order of the device's own stores (`not-found` otherwise, as everywhere).
            ofOrder: async (orderId, limit) => {
              await access.ownOrder(orderId, origin);
              return trail.ofOrder(orderId, limit);
            },
          },
        };
      }),
    };
  },
});
