import { Counter, Gauge, Registry } from 'prom-client';
import type { Leadership } from '../contract';
import type { LeaderState } from '../leader';

/**
 * The replica's Prometheus metrics (prom-client), served on the admin port only: poll lag and
 * events (the leader's), queue depth, connected screens per store, and who leads.
 */
export class ChainMetrics {
  private readonly registry = new Registry();
  private lastPollAt: number | null = null;
  private readonly pollLag = new Gauge({
    name: 'chain_poll_lag_seconds',
    help: 'Seconds since this replica last polled (absent while it does not lead)',
    registers: [this.registry],
  });
  private readonly events = new Counter({ name: 'chain_events_received_total', help: 'Events received by polls of this replica', registers: [this.registry] });
  private readonly stored_ = new Counter({
    name: 'chain_events_stored_total',
    help: 'Events stored (duplicates left out)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly acked = new Counter({ name: 'chain_events_acknowledged_total', help: 'Events acknowledged after their commit', registers: [this.registry] });
  private readonly pollFailures = new Counter({
    name: 'chain_poll_failures_total',
    help: 'Poll rounds that failed, by error kind',
    labelNames: ['code'],
    registers: [this.registry],
  });
  private readonly actions = new Counter({
    name: 'chain_outbox_actions_total',
    help: 'Claimed actions by how they ended on this replica',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly depth = new Gauge({ name: 'chain_outbox_depth', help: 'Actions queued or claimed, all replicas', registers: [this.registry] });
  private readonly screens = new Gauge({
    name: 'chain_connected_screens',
    help: 'Store terminals connected to this replica, per store',
    labelNames: ['store'],
    registers: [this.registry],
  });
  private readonly leading = new Gauge({ name: 'chain_is_leader', help: '1 while this replica polls for the credential', registers: [this.registry] });
  private readonly leaderInfo = new Gauge({
    name: 'chain_leader',
    help: 'The replica holding the lease (1), by holder and fencing token',
    labelNames: ['holder', 'token'],
    registers: [this.registry],
  });

  get contentType(): string {
    return this.registry.contentType;
  }

  polled(count: number, at: number): void {
    this.lastPollAt = at;
    this.events.inc(count);
  }

  stored(stored: number, duplicates: number): void {
    this.stored_.inc({ outcome: 'stored' }, stored);
    this.stored_.inc({ outcome: 'duplicate' }, duplicates);
  }

  acknowledged(count: number): void {
    this.acked.inc(count);
  }

  pollFailed(code: string): void {
    this.pollFailures.inc({ code });
  }

  action(outcome: string): void {
    this.actions.inc({ outcome });
  }

  leadership(state: LeaderState): void {
    this.leading.set(state.role === 'leader' ? 1 : 0);
    if (state.role !== 'leader') this.lastPollAt = null;
  }

  /** Values read when Prometheus scrapes. */
  sample(now: { now: number; depth: number | null; screens: Map<string, number>; leader: Leadership | null }): void {
    this.pollLag.reset();
    if (this.lastPollAt !== null) this.pollLag.set(Math.max(0, now.now - this.lastPollAt) / 1000);
    if (now.depth !== null) this.depth.set(now.depth);
    this.screens.reset();
    for (const [store, count] of now.screens) this.screens.set({ store }, count);
    this.leaderInfo.reset();
    if (now.leader) this.leaderInfo.set({ holder: now.leader.holder, token: String(now.leader.token) }, 1);
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
