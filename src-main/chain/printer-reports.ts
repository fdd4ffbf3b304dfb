import type { ReportedPrinter } from '../../src-shared/ipc/channels/print';

/**
 * What the store terminals connected to this replica last said of their printers (`print:report`):
 * how many of each device's printers are out. Kept in memory for as long as the device is connected
 * here and forgotten when it goes (ChainEndpoint tells): a lost terminal's printers say nothing, and
 * a replica that dies takes its reports with it — its presence row goes stale and counts no more
 * (console-presence, chain/console/wall-feed.ts).
 */
export class PrinterReports {
  private readonly outByDevice = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  /** The device's printers now; answers how many are out. */
  report(deviceId: string, printers: readonly ReportedPrinter[]): number {
    const out = printers.filter((p) => p.state === 'error').length;
    const before = this.outByDevice.get(deviceId);
    this.outByDevice.set(deviceId, out);
    if (before !== out) this.changed();
    return out;
  }

  /** The device's last connection here closed. */
  forget(deviceId: string): void {
    if ((this.outByDevice.get(deviceId) ?? 0) > 0) this.changed();
    this.outByDevice.delete(deviceId);
  }

  /** Told when a store's count may have changed (the console writes this replica's presence at once). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Printers out per store, over the devices given (each with its granted stores: a device of two stores counts in both). */
  outByStore(devices: Iterable<{ deviceId: string; stores: readonly string[] }>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { deviceId, stores } of devices) {
      const out = this.outByDevice.get(deviceId) ?? 0;
      if (out === 0) continue;
      for (const store of stores) counts.set(store, (counts.get(store) ?? 0) + out);
    }
    return counts;
  }
}
