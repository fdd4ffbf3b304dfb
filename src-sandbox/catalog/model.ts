/** Catalog records of one store (spec §2.6). Fields the spec does not show are the sandbox's choice. */

export const CATALOG_STATUSES = ['AVAILABLE', 'UNAVAILABLE'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

/** The catalog contexts a store sells through: the marketplace app and the white-label site. */
export const CATALOG_CONTEXTS = ['DEFAULT', 'WHITELABEL'] as const;
export type CatalogContext = (typeof CATALOG_CONTEXTS)[number];

export interface Price {
  value: number;
  originalValue?: number;
}

/** Overrides of price, status or code in one catalog context. */
export interface ContextModifier {
  catalogContext: CatalogContext;
  price?: Price;
  status?: CatalogStatus;
  externalCode?: string;
}

export interface Catalog {
  catalogId: string;
  context: CatalogContext[];
  status: CatalogStatus;
  modifiedAt: string;
}

export interface Category {
  id: string;
  name: string;
  status: CatalogStatus;
  template: string;
  index: number;
  externalCode?: string;
}

export interface Item {
  id: string;
  type: string;
  categoryId: string;
  status: CatalogStatus;
  /** Absent price: the item cannot be sold (ITEM_PRICE_MISSING). */
  price?: Price;
  externalCode?: string;
  index: number;
  productId: string;
  contextModifiers: ContextModifier[];
}

export interface ProductOptionGroupRef {
  id: string;
  /** Minimum options to choose; a group with min ≥ 1 is required. */
  min: number;
  max: number;
}

export interface Product {
  id: string;
  name: string;
  description?: string;
  externalCode?: string;
  /** UPC-A, 12 digits: the code promotions refer to. */
  ean?: string;
  optionGroups: ProductOptionGroupRef[];
}

export interface OptionGroup {
  id: string;
  name: string;
  status: CatalogStatus;
  optionGroupType: string;
  optionIds: string[];
}

export interface CatalogOption {
  id: string;
  status: CatalogStatus;
  productId: string;
  price: Price;
  externalCode?: string;
  index: number;
  contextModifiers: ContextModifier[];
}

export interface BatchResult {
  resourceId: string;
  result: 'SUCCESS' | 'NOT_FOUND';
}

export interface Batch {
  batchId: string;
  kind: 'price' | 'status';
  entries: unknown[];
  createdAt: number;
  readyAt: number;
  batchStatus: 'PROCESSING' | 'COMPLETED';
  results: BatchResult[];
  completedAt?: number;
}

/** The value in effect for a context: its modifier if it sets one, else the base value. */
export function effective<K extends 'price' | 'status' | 'externalCode'>(
  record: { contextModifiers: ContextModifier[] } & Partial<Record<K, ContextModifier[K]>>,
  context: CatalogContext,
  key: K,
): ContextModifier[K] | undefined {
  const modifier = record.contextModifiers.find((m) => m.catalogContext === context);
  return modifier?.[key] ?? record[key];
}

/** Sets (or creates) the context's modifier field. */
export function setModifier<K extends 'price' | 'status' | 'externalCode'>(
  record: { contextModifiers: ContextModifier[] },
  context: CatalogContext,
  key: K,
  value: ContextModifier[K],
): void {
  let modifier = record.contextModifiers.find((m) => m.catalogContext === context);
  if (!modifier) {
    modifier = { catalogContext: context };
    record.contextModifiers.push(modifier);
  }
  modifier[key] = value;
}
