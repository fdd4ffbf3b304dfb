import { z } from 'zod';
import { StoreDetail, StoreListItem } from '../../src-shared/wire/merchant';
import type { ApiClient, CallOptions } from './client';

const PREFIX = '/merchant/v1.0';
const seg = encodeURIComponent;

/** Merchant module (spec §4.4). */
export class MerchantApi {
  constructor(private readonly client: ApiClient) {}

  listStores(query: { page?: number; size?: number } = {}, options?: CallOptions): Promise<StoreListItem[]> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants',
        path: `${PREFIX}/merchants`,
        query,
        schema: z.array(StoreListItem),
      },
      options,
    );
  }

  getStore(merchantId: string, options?: CallOptions): Promise<StoreDetail> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}',
        path: `${PREFIX}/merchants/${seg(merchantId)}`,
        schema: StoreDetail,
      },
      options,
    );
  }
}
