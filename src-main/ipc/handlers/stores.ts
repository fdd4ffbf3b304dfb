import type { MerchantApi } from '../../api/merchant';
import type { LastKnownStores } from '../../merchant/last-known-stores';
import type { Handlers } from '../dispatcher';

export function storeHandlers(merchant: MerchantApi, lastKnown: LastKnownStores): Pick<Handlers, 'stores:list' | 'stores:detail'> {
  return {
    'stores:list': () => lastKnown.list(() => merchant.listStores()),
    'stores:detail': ({ merchantId }) => lastKnown.detail(merchantId, () => merchant.getStore(merchantId)),
  };
}
