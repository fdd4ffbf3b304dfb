import { PLATFORM_DISCONNECTS_AFTER_MS, type Connectivity } from '../../src-shared/ipc/contract';
import { toAppError, type ErrorInfo } from '../../src-shared/errors';
import { LinkFailureReason } from '../../src-shared/ipc/channels/join';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';

/** What a terminal hears while the server's database cannot be used: transient, and the server's. */
export function serverStorageTrouble(message: string): ErrorInfo {
  return { code: 'server', message, reason: LinkFailureReason.enum.ServerStorage };
}

export interface ChainLinkFacts {
  now: number;
  /** The last committed poll, whichever replica made it; null when none is known. */
  lastPollAt: number | null;
  /** When this replica started: before any poll, the first 30 s are "connecting". */
  startedAt: number;
  /** Why the database could not be read just now; null when it answered. */
  databaseTrouble: ErrorInfo | null;
}

/**
 * The platform's link as a chain's terminal is told it, said as a single terminal says its own
 * (sync/connectivity.ts): online while the last poll is under 30 s old, offline past that — the
 * platform no longer shows the stores — and degraded while the server's own database fails but the
 * platform still counts the stores as polled. The last poll is the chain's, whichever replica made it.
 */
export function chainConnectivity(facts: ChainLinkFacts): Connectivity {
  const { now, lastPollAt, startedAt, databaseTrouble } = facts;
  const at = lastPollAt === null ? null : new Date(lastPollAt).toISOString();
  const times = { lastPollAt: at, lastSuccessAt: at };
  const polledLately = lastPollAt !== null && now - lastPollAt < PLATFORM_DISCONNECTS_AFTER_MS;
  if (databaseTrouble) return { ...times, state: polledLately ? 'degraded' : 'offline', reason: databaseTrouble };
  if (polledLately) return { ...times, state: 'online', reason: null };
  if (lastPollAt === null && now - startedAt < PLATFORM_DISCONNECTS_AFTER_MS) return { ...times, state: 'connecting', reason: null };
  return {
    ...times,
    state: 'offline',
    reason: { code: 'connection', message: 'no replica of the chain server has polled the platform for 30 s', reason: LinkFailureReason.enum.NoReplicaPolling },
  };
}

export interface ChainPlatformLinkOptions {
  /** The chain's last committed poll (the database's, so every replica says the same). */
  lastPollAt(): Promise<number | null>;
  clock: Clock;
  logger: Logger;
  /** How often the database is asked (a single row); the 30 s mark is never missed by more than this. */
  everyMs?: number;
}

/**
 * Every replica's view of the chain's link to the platform, read from the database every few
 * seconds and told to the terminals when it changes (and at each new poll, so their "last contact"
 * stays true). A replica that polls says so at once (`polled`), without waiting for its next read.
 */
export class ChainPlatformLink extends LoopWorker {
  private readonly startedAt: number;
  private lastPollAt: number | null = null;
  private value: Connectivity;
  private readonly listeners: Listeners<[Connectivity]>;

  constructor(private readonly options: ChainPlatformLinkOptions) {
    super({ name: 'chain platform link', clock: options.clock, logger: options.logger });
    this.startedAt = options.clock.now();
    this.listeners = new Listeners('chain platform link', options.logger);
    this.value = chainConnectivity({ now: this.startedAt, lastPollAt: null, startedAt: this.startedAt, databaseTrouble: null });
  }

  get current(): Connectivity {
    return this.value;
  }

  onChange(listener: (value: Connectivity) => void): () => void {
    return this.listeners.add(listener);
  }

  /** This replica committed a poll (it leads): its terminals hear it now. */
  polled(at: number): void {
    this.lastPollAt = Math.max(at, this.lastPollAt ?? at);
    this.settle(null);
  }

  /** Reads the database once and says what changed; resolves to the wait before the next read. */
  async check(): Promise<void> {
    let trouble: ErrorInfo | null = null;
    try {
      const polled = await this.options.lastPollAt();
      if (polled !== null) this.lastPollAt = Math.max(polled, this.lastPollAt ?? polled);
    } catch (error) {
      trouble = serverStorageTrouble(`the chain server cannot read its database: ${toAppError(error).message}`);
    }
    this.settle(trouble);
  }

  protected async tick(): Promise<number> {
    await this.check();
    return this.options.everyMs ?? 5_000;
  }

  private settle(databaseTrouble: ErrorInfo | null): void {
    const next = chainConnectivity({ now: this.options.clock.now(), lastPollAt: this.lastPollAt, startedAt: this.startedAt, databaseTrouble });
    const was = this.value;
    this.value = next;
    if (next.state !== was.state || next.reason?.reason !== was.reason?.reason || next.lastPollAt !== was.lastPollAt) this.listeners.emit(next);
  }
}
