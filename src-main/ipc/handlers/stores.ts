import type { MerchantApi } from '../../api/merchant';
import type { Handlers } from '../dispatcher';

export function storeHandlers(merchant: MerchantApi): Pick<Handlers, 'stores:list' | 'stores:detail'> {
  return {
    'stores:list': () => merchant.listStores(),
    'stores:detail': ({ merchantId }) => merchant.getStore(merchantId),
  };
}
