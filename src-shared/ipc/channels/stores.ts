import { z } from 'zod';
import { StoreDetail, StoreListItem } from '../../wire/merchant';
import { channel } from '../channel';
import { noInput } from './app';

// Any 8-4-4-4-12 hex id: the platform does not promise RFC 4122 versions.
export const MerchantId = z.guid();

export const storeChannels = {
  'stores:list': channel(noInput, z.array(StoreListItem)),
  'stores:detail': channel(z.object({ merchantId: MerchantId }).strict(), StoreDetail),
} as const;
