import type { ChannelName } from '../../src-shared/ipc/contract';
import type { CallOrigin, Handlers } from '../ipc/dispatcher';
import type { StoreActionInput, StoreOutbox } from '../sync/store-outbox';
import type { ChainContext } from './feature';

/** What a terminal feature's handlers write through: the store outbox's `submit`. */
export type StoreActions = Pick<StoreOutbox, 'submit'>;

/**
 * A terminal feature's handlers, served by a chain's server for the calling terminal's own stores:
 * the same handlers a single terminal runs (the same rules, the same store outbox's senders), built
 * for each call with a store outbox that writes to the chain's (PostgreSQL, exactly once across the
 * replicas), stamped with the calling device and the press's idempotency key (a terminal that sends
 * the same press again, after a cut, meets the action it made). Every call asks first whether the
 * stores it names were granted to the device (DeviceAccess.ownStores).
 */
export function ownStoreLevers<C extends ChannelName>(
  context: Pick<ChainContext, 'access' | 'storeOutbox'>,
  channels: readonly C[],
  build: (actions: StoreActions) => Pick<Handlers, C>,
): Pick<Handlers, C> {
  const served: Partial<Record<ChannelName, (input: unknown, origin: CallOrigin | undefined) => unknown>> = {};
  for (const channel of channels) {
    served[channel] = (input, origin) => {
      const handler = build(pressActions(context.storeOutbox, input, origin))[channel] as (input: unknown, origin: CallOrigin | undefined) => unknown;
      return handler(input, origin);
    };
  }
  return context.access.ownStores(served as Pick<Handlers, C>);
}

/** The chain's store outbox as one call's handlers write to it: stamped with the calling device and the press's idempotency key. */
export function pressActions(storeOutbox: StoreOutbox, input: unknown, origin: CallOrigin | undefined): StoreActions {
  const key = (input as { idempotencyKey?: unknown }).idempotencyKey;
  return {
    submit: (action: StoreActionInput) =>
      storeOutbox.submit({
        ...action,
        key: typeof key === 'string' ? key : null,
        origin: origin ? { id: origin.id, name: origin.name, kind: origin.kind } : null,
      }),
  };
}
