import { AppError } from '../../../src-shared/errors';
import type { HubRole, JoinOutcome, JoinPairInput, JoinRefusal } from '../../../src-shared/ipc/channels/join';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { SavedScreen } from '../../config/terminal-config';
import { parseHubAddress } from '../../hub/discovery/address';
import type { FoundHub } from '../../hub/discovery/sightings';
import type { HubCard } from '../../hub/link/protocol';
import { readPairingUri } from '../../hub/trust/pairing-code';
import type { Paired, PairRequest } from '../../hub/trust/pair-client';
import { PairingError } from '../../hub/trust/pairing-wire';

/**
 * Joining a hub from the first run: which hub (heard on the network, typed, or the QR's link), the
 * pairing itself (hub/trust: the code proves the hub's certificate and the screen's key), and every
 * way it can fail put as a reason the screen says in its own words. Only a pairing that went
 * through is saved.
 */

export interface JoinDeps {
  clock: Clock;
  logger: Logger;
  /** The screen's side of pairing (hub/trust/pair-client.ts pairWithHub). */
  pair: (request: PairRequest) => Promise<Paired>;
  /** A hub heard on the network now, by id. */
  found: (hubId: string) => FoundHub | undefined;
  /** The hub's card, on a connection pinned to the certificate just proven (hub/link/hub-card.ts readHubCard); none: a store's hub. */
  card?: (target: { host: string; port: number }, fingerprint: string) => Promise<HubCard>;
}

type Refused = Extract<JoinOutcome, { outcome: 'refused' }>;
const refused = (reason: JoinRefusal, attemptsLeft: number | null = null): Refused => ({ outcome: 'refused', reason, attemptsLeft });

/** Where to pair: one or more addresses to try in turn, the certificate expected if known, the code. */
interface Plan {
  addresses: { host: string; port: number }[];
  expectedFingerprint?: string;
  /** The first hex digits the hub announced: the certificate proven must begin with them. */
  announcedPrefix?: string;
  code: string;
}

function planOf(input: JoinPairInput, found: JoinDeps['found']): Plan | Refused {
  const { target } = input;
  if (target.via === 'uri') {
    const invite = readPairingUri(target.uri.trim());
    if (!invite) return refused('bad-uri');
    return { addresses: [{ host: invite.host, port: invite.port }], expectedFingerprint: invite.fingerprint, code: input.code ?? invite.code };
  }
  if (!input.code) throw new AppError('validation', 'the six digits the hub shows', { field: 'code' });
  if (target.via === 'address') {
    const typed = parseHubAddress(target.address);
    if (!typed.ok) return refused('bad-address');
    return { addresses: [{ host: typed.address.host, port: typed.address.port }], code: input.code };
  }
  const hub = found(target.hubId);
  if (!hub) return refused('hub-gone');
  return { addresses: hub.addresses.map((host) => ({ host, port: hub.port })), announcedPrefix: hub.fingerprintPrefix, code: input.code };
}

/** A refused or failed pairing in the screen's terms. */
export function refusalOf(error: unknown): Refused {
  if (error instanceof PairingError) {
    switch (error.reason) {
      case 'wrong-code':
        // The fifth wrong code ends it: a new one at the hub is the only way on.
        return error.attemptsLeft === 0 ? refused('code-ended', 0) : refused('wrong-code', error.attemptsLeft ?? null);
      case 'ended':
        return refused('code-ended', 0);
      case 'expired':
        return refused('code-expired');
      case 'none':
      case 'used':
      case 'replaced':
      case 'session-ended':
        return refused('no-code');
      case 'not-the-hub':
        return refused('not-the-hub');
      case 'too-many-requests':
        return refused('too-many-tries');
      default:
        return refused('hub-failed');
    }
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'connection' || code === 'timeout') return refused('unreachable');
  return refused('hub-failed');
}

/**
 * Pairs as `input` says; resolves with what to save (the credential apart), or the refusal. The
 * addresses of a hub heard on the network are tried in turn while nothing answers at one.
 */
export async function pairAsScreen(input: JoinPairInput, deps: JoinDeps): Promise<{ saved: SavedScreen; paired: Paired } | Refused> {
  const plan = planOf(input, deps.found);
  if ('outcome' in plan) return plan;
  let last: Refused = refused('unreachable');
  for (const address of plan.addresses) {
    try {
      const paired = await deps.pair({
        ...address,
        code: plan.code,
        name: input.name,
        kind: input.kind,
        ...(plan.expectedFingerprint ? { expectedFingerprint: plan.expectedFingerprint } : {}),
      });
      if (plan.announcedPrefix && !paired.fingerprint.startsWith(plan.announcedPrefix.toLowerCase())) {
        // The code proved this certificate, but it is not the one the list showed staff: not the hub they picked.
        deps.logger.warn('pairing: the hub that answered is not the one announced', { hubId: paired.hubId });
        return refused('not-the-hub');
      }
      const role = await roleOf(address, paired.fingerprint, deps);
      const saved: SavedScreen = {
        hubId: paired.hubId,
        hubName: paired.hubName,
        host: address.host,
        port: address.port,
        fingerprint: paired.fingerprint,
        deviceId: paired.credential.deviceId,
        kind: input.kind,
        name: input.name,
        pairedAt: new Date(deps.clock.now()).toISOString(),
        role,
      };
      return { saved, paired };
    } catch (error) {
      last = refusalOf(error);
      deps.logger.info('pairing refused', { reason: last.reason, attemptsLeft: last.attemptsLeft });
      if (last.reason !== 'unreachable') return last;
    }
  }
  return last;
}

/**
 * Whether the hub just paired is a store's hub or a chain's server, from its card. The pairing
 * stands if the card cannot be read: a store's hub until the first connection's `ready` says
 * otherwise (app/screen-role.ts keeps the file to what each connection says).
 */
async function roleOf(target: { host: string; port: number }, fingerprint: string, deps: JoinDeps): Promise<HubRole> {
  if (!deps.card) return 'terminal';
  try {
    return (await deps.card(target, fingerprint)).role;
  } catch (error) {
    deps.logger.warn("pairing: the hub's card could not be read; its first connection will say what it is", { error });
    return 'terminal';
  }
}
