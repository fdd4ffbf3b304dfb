import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { CATALOG_PREFIX, catalogOf, parseBody, type MerchantParams } from './http';
import { setModifier, type CatalogContext, type CatalogOption, type Item } from './model';
import { ItemCodePatch, ItemPricePatch, ItemStatusPatch, OptionCodePatch, OptionPricePatch, OptionStatusPatch } from './schemas';
import type { StoreCatalog } from './store-catalog';

/**
 * PATCH items/{price,status,externalCode} and options/{price,status,externalCode} (spec §4.6): the
 * base value, per-catalog-context values, or both; at least one must be given. Answers 200 with
 * the updated record; 404 for an unknown item or option.
 */

type Target = 'item' | 'option';
type Field = 'price' | 'status' | 'externalCode';

interface PatchSpec<S extends z.ZodType> {
  target: Target;
  field: Field;
  route: string;
  path: string;
  schema: S;
}

function find(catalog: StoreCatalog, target: Target, id: string): Item | CatalogOption {
  const record = target === 'item' ? catalog.items.get(id) : catalog.options.get(id);
  if (!record) throw fail.notFound(target === 'item' ? `item ${id} não encontrado` : `opção ${id} não encontrada`);
  return record;
}

type AnyPatch = {
  itemId?: string;
  optionId?: string;
  price?: { value: number; originalValue?: number };
  status?: 'AVAILABLE' | 'UNAVAILABLE';
  externalCode?: string;
  priceByCatalog?: { value: number; catalogContext: CatalogContext }[];
  statusByCatalog?: { status: 'AVAILABLE' | 'UNAVAILABLE'; catalogContext: CatalogContext }[];
  externalCodeByCatalog?: { externalCode: string; catalogContext: CatalogContext }[];
};

function apply(record: Item | CatalogOption, field: Field, body: AnyPatch): void {
  if (field === 'price') {
    if (body.price) record.price = { ...body.price };
    for (const p of body.priceByCatalog ?? []) setModifier(record, p.catalogContext, 'price', { value: p.value });
  } else if (field === 'status') {
    if (body.status) record.status = body.status;
    for (const s of body.statusByCatalog ?? []) setModifier(record, s.catalogContext, 'status', s.status);
  } else {
    if (body.externalCode !== undefined) record.externalCode = body.externalCode;
    for (const c of body.externalCodeByCatalog ?? []) setModifier(record, c.catalogContext, 'externalCode', c.externalCode);
  }
}

const PATCHES: PatchSpec<z.ZodType>[] = [
  { target: 'item', field: 'price', route: 'PATCH /items/price', path: 'items/price', schema: ItemPricePatch },
  { target: 'item', field: 'status', route: 'PATCH /items/status', path: 'items/status', schema: ItemStatusPatch },
  { target: 'item', field: 'externalCode', route: 'PATCH /items/externalCode', path: 'items/externalCode', schema: ItemCodePatch },
  { target: 'option', field: 'price', route: 'PATCH /options/price', path: 'options/price', schema: OptionPricePatch },
  { target: 'option', field: 'status', route: 'PATCH /options/status', path: 'options/status', schema: OptionStatusPatch },
  { target: 'option', field: 'externalCode', route: 'PATCH /options/externalCode', path: 'options/externalCode', schema: OptionCodePatch },
];

export function registerPatchRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  for (const spec of PATCHES) {
    app.patch<MerchantParams>(`${CATALOG_PREFIX}/${spec.path}`, { config: { route: spec.route } }, async (request) => {
      const catalog = catalogOf(ctx, request);
      const body = parseBody(spec.schema, request.body) as AnyPatch;
      const base = body[spec.field];
      const perCatalog = body[`${spec.field}ByCatalog`];
      if (base === undefined && (perCatalog === undefined || perCatalog.length === 0)) {
        throw fail.badRequest(`informe ${spec.field} ou ${spec.field}ByCatalog`);
      }
      const record = find(catalog, spec.target, (spec.target === 'item' ? body.itemId : body.optionId) ?? '');
      apply(record, spec.field, body);
      return structuredClone(record);
    });
  }
}
