import { randomUUID } from 'node:crypto';
import { AppError, isTransient } from '../../../src-shared/errors';
import { RECENT_CLOSED_WINDOW_MS } from '../../db/orders/board-query';
import { chainFeature } from '../../feature-kit/feature';
import { STANDARD_CANCELLATION_REASONS } from '../../orders/cancellation-reasons';

/** How long a counter's question to the platform may take before the terminal hears why not. */
const ASK_PLATFORM_MS = 10_000;

/**
 * The orders on a chain's server: a store terminal's board, drawer and actions for its own stores.
 * An action goes to the chain's outbox (exactly once across replicas, by its idempotency key) and
 * wakes every replica's sender; the platform's answers come with the poll, as on a terminal.
 */
export const ordersChainFeature = chainFeature({
  name: 'orders',
  channels: ['orders:board', 'orders:detail', 'orders:act', 'orders:cancellationReasons', 'orders:validatePickupCode'],
  start: ({ orders, outbox, bus, clock, gateway, access }) => ({
    handlers: {
      'orders:board': async ({ merchantId }, origin) => {
        const { chosen } = await access.scope(merchantId, origin);
        const now = clock.now();
        const rows = await orders.board(chosen, now - RECENT_CLOSED_WINDOW_MS);
        return { rows, closedLeftOut: 0, generatedAt: new Date(now).toISOString() };
      },
      'orders:detail': async ({ orderId }, origin) => {
        const { stores } = await access.granted(origin);
        const view = await orders.detail(orderId, stores);
        if (!view) throw new AppError('not-found', 'no such order');
        return view;
      },
      'orders:act': async (input, origin) => {
        const { storeId, device } = await access.ownOrder(input.orderId, origin);
        // A terminal that sent no key gets one: a second press still meets the first (ChainOutbox.enqueue).
        const { idempotencyKey = randomUUID(), ...action } = input;
        const { entry, created } = await outbox.enqueue({ ...action, storeId, idempotencyKey, origin: device }, clock.now());
        // Every replica's sender wakes, and every screen of the store hears the button pressed.
        if (created) await bus.publish({ kind: 'outbox', storeId, orderId: input.orderId });
        return entry;
      },
      'orders:cancellationReasons': async ({ orderId }, origin) => {
        await access.ownOrder(orderId, origin);
        try {
          return { reasons: await gateway.cancellationReasons(orderId, AbortSignal.timeout(ASK_PLATFORM_MS)), source: 'api' as const };
        } catch (error) {
          // As on a terminal: the spec's common codes when the platform's list cannot be had now.
          if (isTransient(error)) return { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' as const };
          throw error;
        }
      },
      'orders:validatePickupCode': async ({ orderId, code }, origin) => {
        await access.ownOrder(orderId, origin);
        return { valid: await gateway.validatePickupCode(orderId, code, AbortSignal.timeout(ASK_PLATFORM_MS)), checkedBy: 'api' as const };
      },
    },
  }),
});
