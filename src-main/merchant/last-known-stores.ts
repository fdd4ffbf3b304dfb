import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { isTransient } from '../../src-shared/errors';
import { StoreDetail, StoreListItem } from '../../src-shared/wire/merchant';
import type { Logger } from '../base/log';

const Snapshot = z.object({
  list: z.array(StoreListItem).nullable(),
  details: z.record(z.string(), StoreDetail),
});
type Snapshot = z.infer<typeof Snapshot>;

/**
 * The stores as the API last described them, kept in `<dataDir>/stores.json` (names and addresses,
 * nothing secret), so a terminal that restarts while the internet is down still knows which store
 * it works for. Fresh answers always win; the copy is used only when the API cannot be reached
 * (a transient failure); a refusal (401, 403, 404) never falls back to it.
 */
export class LastKnownStores {
  private snapshot: Snapshot;
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.file = join(dataDir, 'stores.json');
    this.snapshot = this.read();
  }

  async list(fetch: () => Promise<StoreListItem[]>): Promise<StoreListItem[]> {
    try {
      const list = await fetch();
      this.save({ ...this.snapshot, list });
      return list;
    } catch (error) {
      if (isTransient(error) && this.snapshot.list) return this.snapshot.list;
      throw error;
    }
  }

  async detail(merchantId: string, fetch: () => Promise<StoreDetail>): Promise<StoreDetail> {
    try {
      const detail = await fetch();
      this.save({ ...this.snapshot, details: { ...this.snapshot.details, [merchantId]: detail } });
      return detail;
    } catch (error) {
      const known = this.snapshot.details[merchantId];
      if (isTransient(error) && known) return known;
      throw error;
    }
  }

  private read(): Snapshot {
    try {
      return Snapshot.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      // No copy yet, or an unreadable one: start empty; the next answer rewrites it.
      return { list: null, details: {} };
    }
  }

  private save(next: Snapshot): void {
    this.snapshot = next;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      // Write then rename: a power cut never leaves half a file.
      writeFileSync(`${this.file}.tmp`, JSON.stringify(next));
      renameSync(`${this.file}.tmp`, this.file);
    } catch (error) {
      this.logger.warn('could not keep the store list for offline starts', { error });
    }
  }
}
