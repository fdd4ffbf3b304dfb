import type { Batch, BatchResult, CatalogContext, CatalogStatus, Price } from './model';
import { setModifier } from './model';
import type { StoreCatalog } from './store-catalog';

/**
 * Product batches (PATCH products/price and products/status): accepted at once, applied when the
 * clock reaches `readyAt`; until then GET batch answers PROCESSING. Each entry names a product by
 * productId or externalCode and the resources to change (ITEM: the items selling that product;
 * OPTION: the options made of it).
 */

export const BATCH_PROCESSING_MS = 2_000;

export interface ProductRef {
  productId?: string;
  externalCode?: string;
  resources: ('ITEM' | 'OPTION')[];
}
export type PriceEntry = ProductRef & { price: Price; catalogContext?: CatalogContext };
export type StatusEntry = ProductRef & { status: CatalogStatus };

function apply(catalog: StoreCatalog, batch: Batch): BatchResult[] {
  return (batch.entries as (PriceEntry | StatusEntry)[]).map((entry) => {
    const resourceId = entry.productId ?? entry.externalCode ?? '';
    const products = catalog.productsByRef(entry);
    if (products.length === 0) return { resourceId, result: 'NOT_FOUND' };
    const ids = new Set(products.map((p) => p.id));
    const targets = [
      ...(entry.resources.includes('ITEM') ? [...catalog.items.values()].filter((i) => ids.has(i.productId)) : []),
      ...(entry.resources.includes('OPTION') ? [...catalog.options.values()].filter((o) => ids.has(o.productId)) : []),
    ];
    for (const target of targets) {
      if ('price' in entry) {
        if (entry.catalogContext) setModifier(target, entry.catalogContext, 'price', { ...entry.price });
        else target.price = { ...entry.price };
      } else {
        target.status = entry.status;
      }
    }
    return { resourceId, result: 'SUCCESS' };
  });
}

/** Completes every batch whose time has come, oldest first. */
export function settleBatches(catalog: StoreCatalog, nowMs: number): void {
  const due = [...catalog.batches.values()].filter((b) => b.batchStatus === 'PROCESSING' && b.readyAt <= nowMs).sort((a, b) => a.createdAt - b.createdAt);
  for (const batch of due) {
    batch.results = apply(catalog, batch);
    batch.batchStatus = 'COMPLETED';
    batch.completedAt = batch.readyAt;
  }
}
