/**
 * Things the platform does by itself at a moment of the sandbox clock: cancel an order nobody
 * confirmed in 8 minutes, settle a dispute nobody answered, assign the driver a request found.
 * Jobs run lazily: every request (and every scenario tick) calls `runDue(now)` first, so advancing
 * the simulated clock is enough to make them happen, and each one runs with its own due time.
 */
export type Job = (dueMs: number) => void;

interface Entry {
  dueMs: number;
  seq: number;
  job: Job;
}

export class Timeline {
  private entries: Entry[] = [];
  private seq = 0;
  private running = false;

  schedule(dueMs: number, job: Job): void {
    const entry = { dueMs, seq: this.seq++, job };
    // Keep entries sorted by (dueMs, seq): binary search for the insertion point.
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.entries[mid] as Entry;
      if (other.dueMs <= dueMs) lo = mid + 1;
      else hi = mid;
    }
    this.entries.splice(lo, 0, entry);
  }

  /** Runs every job due at `nowMs`, oldest first, including jobs that due jobs schedule. */
  runDue(nowMs: number): number {
    if (this.running) return 0;
    this.running = true;
    let ran = 0;
    try {
      while (this.entries.length > 0 && (this.entries[0] as Entry).dueMs <= nowMs) {
        const entry = this.entries.shift() as Entry;
        entry.job(entry.dueMs);
        ran += 1;
      }
    } finally {
      this.running = false;
    }
    return ran;
  }

  get size(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
  }
}
