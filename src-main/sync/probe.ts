/**
 * Named steps of the sync layer, reported as they happen. The app passes none; tests and benchmarks
 * use them to time a step (poll to push) or to kill the process at an exact point (crash test).
 */
export type SyncStep = 'poll' | 'polled' | 'persisted' | 'acked' | 'action-sending' | 'action-answered' | 'action-recorded';

export type SyncProbe = (step: SyncStep, detail?: Record<string, unknown>) => void;
