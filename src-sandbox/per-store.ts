/**
 * Records a sandbox module keeps per store: made on first use, and back to their seed whenever the
 * world resets (World.reset calls `reset`).
 */
export class PerStore<T> {
  private records = new Map<string, T>();

  constructor(
    private readonly create: (storeId: string) => T,
    private readonly seed: (records: PerStore<T>) => void = () => {},
  ) {
    this.reset();
  }

  of(storeId: string): T {
    let record = this.records.get(storeId);
    if (!record) {
      record = this.create(storeId);
      this.records.set(storeId, record);
    }
    return record;
  }

  set(storeId: string, record: T): void {
    this.records.set(storeId, record);
  }

  reset(): void {
    this.records = new Map();
    this.seed(this);
  }
}
