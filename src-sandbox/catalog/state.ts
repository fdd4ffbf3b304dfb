import { randomUUID } from 'node:crypto';
import type { SandboxClock } from '../clock';
import { PerStore } from '../per-store';
import { seedCatalog } from '../seed/catalog';
import { seedStores } from '../seed/stores';
import { BATCH_PROCESSING_MS, settleBatches, type PriceEntry, type StatusEntry } from './batches';
import { effective, type Batch, type CatalogOption } from './model';
import { judgeItem } from './sellability';
import { StoreCatalog } from './store-catalog';

/** What the order side needs to build order items from a store's menu. */
export interface MenuEntry {
  /** The item id. */
  id: string;
  name: string;
  ean: string | undefined;
  externalCode: string | undefined;
  price: number;
  options: { id: string; name: string; price: number; externalCode: string | undefined; groupId: string; groupName: string }[];
}

/** What promotions need to know about a product code. */
export type EanLookup = 'ok' | 'not-found' | 'inactive' | 'no-stock';

/** Categories, items, products, options, inventory and batches per store. */
export class CatalogState {
  private readonly stores = new PerStore<StoreCatalog>(
    () => new StoreCatalog(),
    (stores) => {
      for (const store of seedStores) stores.set(store.id, seedCatalog(store.id));
    },
  );

  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.stores.reset();
  }

  /** A store added after the seed (a chain's branch) starts with this catalog; a reset forgets it. */
  adopt(merchantId: string, catalog: StoreCatalog): void {
    this.stores.set(merchantId, catalog);
  }

  /** The store's catalog with due batches applied (an empty one for a store without a seed). */
  of(merchantId: string): StoreCatalog {
    const catalog = this.stores.of(merchantId);
    settleBatches(catalog, this.clock.now());
    return catalog;
  }

  startBatch(merchantId: string, kind: Batch['kind'], entries: PriceEntry[] | StatusEntry[]): Batch {
    const now = this.clock.now();
    const batch: Batch = { batchId: randomUUID(), kind, entries, createdAt: now, readyAt: now + BATCH_PROCESSING_MS, batchStatus: 'PROCESSING', results: [] };
    this.of(merchantId).batches.set(batch.batchId, batch);
    return batch;
  }

  /**
   * The sellable items of the store's marketplace (DEFAULT) catalog with their available options:
   * for the scenario generator and the order factory to build realistic order items.
   */
  menuOf(merchantId: string): MenuEntry[] {
    const catalog = this.of(merchantId);
    return [...catalog.items.values()]
      .filter((item) => judgeItem(catalog, item, 'DEFAULT').restrictions.length === 0)
      .map((item) => {
        const product = catalog.products.get(item.productId);
        const options = (product?.optionGroups ?? []).flatMap((ref) => {
          const group = catalog.optionGroups.get(ref.id);
          if (!group || group.status !== 'AVAILABLE') return [];
          return group.optionIds
            .map((id) => catalog.options.get(id))
            .filter((o): o is CatalogOption => o !== undefined && effective(o, 'DEFAULT', 'status') === 'AVAILABLE')
            .map((o) => ({
              id: o.id,
              name: catalog.products.get(o.productId)?.name ?? '',
              price: effective(o, 'DEFAULT', 'price')?.value ?? 0,
              externalCode: o.externalCode,
              groupId: group.id,
              groupName: group.name,
            }));
        });
        return {
          id: item.id,
          name: product?.name ?? '',
          ean: product?.ean,
          externalCode: effective(item, 'DEFAULT', 'externalCode'),
          price: effective(item, 'DEFAULT', 'price')?.value ?? 0,
          options,
        };
      });
  }

  /**
   * Whether promotions may use a product code in this store: it must name a product of the catalog
   * that some available item sells (in an available category), with stock if a limit is set.
   */
  lookupEan(merchantId: string, ean: string): EanLookup {
    const catalog = this.of(merchantId);
    const product = catalog.productByEan(ean);
    if (!product) return 'not-found';
    const selling = [...catalog.items.values()].filter(
      (i) => i.productId === product.id && i.status === 'AVAILABLE' && catalog.categories.get(i.categoryId)?.status === 'AVAILABLE',
    );
    if (selling.length === 0) return 'inactive';
    if (catalog.inventory.get(product.id) === 0) return 'no-stock';
    return 'ok';
  }
}
