import { toAppError } from '../../../src-shared/errors';
import { ActInput, Board, type BoardRow } from '../../../src-shared/ipc/channels/orders';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../base/clock';
import type { ContractEndpoint } from '../contract';
import { withPatience } from './patience';
import { leverOf } from './store-levers';
import type { ScreenOutbox } from './screen-outbox';

/** A board read waits this long at most for the actions queued here to reach the server. */
export const DRAIN_WITHIN_MS = 30_000;

/**
 * A screen's link to a chain's server, with its outbox in front: `orders:act` goes through the
 * outbox (answered as queued when the server is out of reach), and a board read waits until what
 * waited here has reached the server, so the board it shows already holds those actions (or the
 * server's refusal of them). Every other call is the link's, as on a screen of a store's hub.
 * `outbox()` is null while the screen is no screen of a server: then it is the link alone.
 */
export function queueingEndpoint(
  link: ContractEndpoint,
  outbox: () => ScreenOutbox | null,
  clock: Clock,
  options: { drainWithinMs?: number; marked?: () => ((rows: readonly BoardRow[]) => BoardRow[]) | null } = {},
): ContractEndpoint {
  const drainWithinMs = options.drainWithinMs ?? DRAIN_WITHIN_MS;
  return {
    invoke: async (channel, input, origin): Promise<IpcResult<unknown>> => {
      const queue = outbox();
      if (queue && channel === 'orders:act') {
        const parsed = ActInput.safeParse(input);
        if (!parsed.success) return link.invoke(channel, input, origin);
        try {
          return { ok: true, value: await queue.act(parsed.data) };
        } catch (error) {
          return { ok: false, error: toAppError(error).toInfo() };
        }
      }
      // A store lever is kept here too (its key makes it one action on the server, however often it is sent).
      if (queue && typeof channel === 'string' && leverOf(channel) && typeof input === 'object' && input !== null) {
        try {
          return { ok: true, value: await queue.lever(channel, input as Record<string, unknown>) };
        } catch (error) {
          return { ok: false, error: toAppError(error).toInfo() };
        }
      }
      if (queue && channel === 'orders:board') await drainedWithin(queue, clock, drainWithinMs);
      const answer = await link.invoke(channel, input, origin);
      // The board as this screen shows it: the tickets it printed itself on the cards.
      const mark = options.marked?.();
      if (mark && channel === 'orders:board' && answer.ok) {
        const board = Board.safeParse(answer.value);
        if (board.success) return { ok: true, value: { ...board.data, rows: mark(board.data.rows) } };
      }
      return answer;
    },
    connect: (sink) => link.connect(sink),
  };
}

async function drainedWithin(queue: ScreenOutbox, clock: Clock, ms: number): Promise<void> {
  if (queue.waiting() === 0) return;
  await withPatience(clock, ms, (signal) => queue.drained(signal));
}
