/**
 * Spec §4.5: "Excessive cancellations bring penalties and may close the store temporarily." The
 * spec gives no numbers; the sandbox's reading: when a store's merchant-requested cancellations
 * that the platform accepted reach PENALTY_CANCELLATIONS within PENALTY_WINDOW_MS, the platform
 * pauses the store for PENALTY_PAUSE_MS (an interruption the merchant cannot delete). Cancellations
 * by the customer or by the platform (confirmation deadline) never count.
 */
export const PENALTY_CANCELLATIONS = 5;
export const PENALTY_WINDOW_MS = 60 * 60_000;
export const PENALTY_PAUSE_MS = 30 * 60_000;
/** The pause's description is free text (spec §2.4): the platform's words, in Portuguese. */
export const PENALTY_PAUSE_DESCRIPTION = 'Pausa aplicada pela plataforma: excesso de cancelamentos';

export class CancellationTally {
  private byStore = new Map<string, number[]>();

  /** Counts one accepted merchant cancellation; answers how many the store has in the window. */
  record(merchantId: string, atMs: number): number {
    const recent = (this.byStore.get(merchantId) ?? []).filter((t) => atMs - t < PENALTY_WINDOW_MS);
    recent.push(atMs);
    this.byStore.set(merchantId, recent);
    return recent.length;
  }
}
