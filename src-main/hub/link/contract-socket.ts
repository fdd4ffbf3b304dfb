import type { RawData, WebSocket } from 'ws';
import type { PushName } from '../../../src-shared/ipc/contract';
import type { Logger } from '../../base/log';
import type { ContractEndpoint, InvokeOrigin } from '../contract';
import { parseJson } from './http-replies';
import { failure, InvokeMessage } from './protocol';

/**
 * The contract served over one WebSocket: the first message must admit the socket (the web shell's
 * session, a screen's device credential), then each message is an invoke answered by id and every
 * push the socket may hear follows. Shared by the web shell's loopback host and the hub's screens.
 * Nothing a peer sends throws: a message that does not parse is answered as malformed.
 */

/** What an admitted socket may do. */
export interface Admission {
  endpoint: ContractEndpoint;
  /** Said beside `ready: true` once admitted. */
  ready?: Record<string, unknown>;
  /** Who calls, passed with every invoke. */
  origin?: InvokeOrigin;
  /** Channels outside it answer `forbidden`; every channel when absent. */
  mayInvoke?: (channel: string) => boolean;
  /** Pushes outside it are not sent; every push when absent. */
  mayHear?: (event: PushName) => boolean;
  /** Every message heard after admission (the hub's "last contact"). */
  heard?: () => void;
}

export interface Refusal {
  code: number;
  reason: string;
}

export interface ContractSocketOptions {
  logger: Logger;
  /**
   * The first message decides: an admission or a refusal (the socket is then closed with its code).
   * It may take a moment (a chain server asks its database); messages heard meanwhile are dropped
   * (a peer waits for `ready`), and a decision that fails closes the socket as "try again later".
   */
  admit(first: unknown): Admission | Refusal | Promise<Admission | Refusal>;
  firstMessageWithinMs: number;
  /** How the socket is closed when no first message came in time. */
  late: Refusal;
  /**
   * A peer that does not read lets pushes pile up in this process's memory: past this many bytes
   * unsent the socket is cut (the peer reconnects and reads its board afresh).
   */
  maxBufferedBytes: number;
  /** Calls answered at once with `rate-limit` past this many unanswered ones. */
  maxInFlight: number;
}

export interface ContractSocket {
  /** Stops serving at once (no further answer or push) and closes the socket with the code. */
  end(refusal: Refusal): void;
}

/** A close frame is owed to the peer, but a peer that never answers it is cut after this. */
/** RFC 6455's "try again later": the admission could not be decided now (a screen keeps knocking). */
const TRY_AGAIN_LATER: Refusal = { code: 1013, reason: 'try again later' };

const CLOSE_GRACE_MS = 1_000;

function isRefusal(decision: Admission | Refusal): decision is Refusal {
  return 'code' in decision;
}

export function serveContractSocket(ws: WebSocket, options: ContractSocketOptions): ContractSocket {
  const { logger } = options;
  let admitted: Admission | undefined;
  let admitting = false;
  let ended = false;
  let disconnect: (() => void) | undefined;
  let inFlight = 0;

  const stop = (): void => {
    ended = true;
    clearTimeout(lateTimer);
    disconnect?.();
    disconnect = undefined;
  };
  const end = (refusal: Refusal): void => {
    if (ended) return;
    stop();
    ws.close(refusal.code, refusal.reason);
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  };
  const lateTimer = setTimeout(() => end(options.late), options.firstMessageWithinMs);

  const send = (message: unknown): void => {
    if (ended || ws.readyState !== ws.OPEN) return;
    try {
      ws.send(JSON.stringify(message));
    } catch (error) {
      logger.error('contract socket: a message could not be sent', { error });
      return;
    }
    if (ws.bufferedAmount > options.maxBufferedBytes) {
      logger.warn('contract socket: the peer does not read; cut', { buffered: ws.bufferedAmount });
      stop();
      ws.terminate();
    }
  };

  const admit = (message: unknown): void => {
    const decision = options.admit(message);
    if (!(decision instanceof Promise)) return admitWith(decision);
    admitting = true;
    decision.then(
      (decided) => {
        admitting = false;
        if (ended) return;
        try {
          admitWith(decided);
        } catch (error) {
          logger.error('contract socket: an admission could not be served', { error });
          end({ code: 1011, reason: 'internal error' });
        }
      },
      (error: unknown) => {
        admitting = false;
        logger.warn('contract socket: the admission could not be decided', { error });
        end(TRY_AGAIN_LATER);
      },
    );
  };

  const admitWith = (decision: Admission | Refusal): void => {
    if (isRefusal(decision)) return end(decision);
    clearTimeout(lateTimer);
    admitted = decision;
    const hears = decision.mayHear ?? (() => true);
    disconnect = decision.endpoint.connect((event, payload) => {
      if (hears(event)) send({ push: event, payload });
    }, decision.origin);
    send({ ...decision.ready, ready: true });
  };

  const invoke = (message: unknown, admission: Admission): void => {
    admission.heard?.();
    const parsed = InvokeMessage.safeParse(message);
    if (!parsed.success) return send({ id: -1, result: failure('bad-input', 'malformed message') });
    const { id, channel, input } = parsed.data;
    if (admission.mayInvoke && !admission.mayInvoke(channel)) return send({ id, result: failure('forbidden', `${channel} is not served to this device`) });
    if (inFlight >= options.maxInFlight) return send({ id, result: failure('rate-limit', 'too many calls at once') });
    inFlight++;
    admission.endpoint
      .invoke(channel, input, admission.origin)
      .catch((error: unknown) => {
        logger.error('contract socket: an invoke threw', { channel, error });
        return failure('internal', 'the call failed');
      })
      .then((result) => send({ id, result }))
      .finally(() => inFlight--);
  };

  ws.on('close', stop);
  ws.on('error', (error) => logger.warn('contract socket: socket error', { error }));
  ws.on('message', (data: RawData) => {
    if (ended) return;
    const message = parseJson(String(data));
    try {
      if (admitted) invoke(message, admitted);
      else if (!admitting) admit(message);
    } catch (error) {
      // A bug behind the admission or the endpoint must not take the server down with it.
      logger.error('contract socket: a message could not be served', { error });
      end({ code: 1011, reason: 'internal error' });
    }
  });
  return { end };
}
