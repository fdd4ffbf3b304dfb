import { z } from 'zod';
import { StoreListItem } from '../../src-shared/wire/merchant';
import type { ContractEndpoint } from './contract';

/**
 * The name a hub goes by on the store's network (what screens list when they look for it): the
 * store the terminal has open, else the first it serves; asked of the hub's own app, as its windows
 * ask (the last known list when the platform cannot be reached).
 */
export async function storeNameOf(endpoint: Pick<ContractEndpoint, 'invoke'>, currentStoreId: string | null): Promise<string | null> {
  const listed = await endpoint.invoke('stores:list', {});
  if (!listed.ok) return null;
  const stores = z.array(StoreListItem).safeParse(listed.value);
  if (!stores.success) return null;
  return (stores.data.find((s) => s.id === currentStoreId) ?? stores.data[0])?.name ?? null;
}
