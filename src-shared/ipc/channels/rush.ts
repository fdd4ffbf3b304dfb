import { z } from 'zod';
import { channel, noInput } from '../channel';
import { ClosureWarning, LoadLevel } from '../../store-rules/closure-rules';

/**
 * The rush guard (docs/rush-guard.md): each store's load in one word, and the warnings that come
 * before the platform's automatic closure would. Stores with nothing open and nothing recent are
 * calm and left out.
 */
export const RushStore = z.object({
  merchantId: z.string(),
  level: LoadLevel,
  pressure: z.number(),
  warnings: z.array(ClosureWarning),
});
export type RushStore = z.infer<typeof RushStore>;

export const RushView = z.object({ at: z.string(), stores: z.array(RushStore) });
export type RushView = z.infer<typeof RushView>;

export const rushChannels = {
  'rush:gauge': channel(noInput, RushView),
} as const;

export const rushPushEvents = {
  'rush:changed': RushView,
} as const;
