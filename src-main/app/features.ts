import { AppError } from '../../src-shared/errors';
import { channelNames, type ChannelName } from '../../src-shared/ipc/contract';
import { statusChainFeature } from '../features/status/chain';
import { statusFeature } from '../features/status/index';
import { checkinFeature } from '../features/checkin/index';
import { deliveryOrdersFeature } from '../features/delivery-orders/index';
import { diagnosticsFeature } from '../features/diagnostics/index';
import type { AppFeature, ChainFeature, Feature, SessionFeature } from '../feature-kit/feature';
import { historyFeature } from '../features/history/index';
import { joinFeature, screenFeature } from '../features/join/index';
import { screenMayInvoke } from '../hub/link/screen-channels';
import { kitchenFeature } from '../features/kitchen/index';
import { rushFeature } from '../features/rush/index';
import { rushChainFeature } from '../features/rush/chain';
import { staffFeature } from '../features/staff/index';
import { staffChainFeature } from '../features/staff/chain';
import { menuFeature } from '../features/menu/index';
import { menuChainFeature } from '../features/menu/chain';
import { promotionsChainFeature } from '../features/promotions/chain';
import { deliveryOrdersChainFeature } from '../features/delivery-orders/chain';
import { ordersChainFeature } from '../features/orders/chain';
import { ordersFeature } from '../features/orders/index';
import { printFeature } from '../features/print/index';
import { printChainFeature } from '../features/print/chain';
import { promotionsFeature } from '../features/promotions/index';
import { reviewsFeature } from '../features/reviews/index';
import { screensFeature, screensOnScreenFeature } from '../features/screens/index';
import { sharedQueueFeature } from '../features/shared-queue/index';
import { settingsChainFeature } from '../features/settings/chain';
import { settingsFeature } from '../features/settings/index';
import { setupFeature } from '../features/setup/index';
import { storeActionsFeature } from '../features/store-actions/index';
import { storeActionsChainFeature } from '../features/store-actions/chain';
import { checkinChainFeature } from '../features/checkin/chain';
import { reviewsChainFeature } from '../features/reviews/chain';
import { storesChainFeature } from '../features/stores/chain';
import { storesFeature } from '../features/stores/index';

/** Features answered whether or not an account is open. */
export const APP_FEATURES = [statusFeature, setupFeature, settingsFeature, diagnosticsFeature, joinFeature, screensFeature] as const;

/**
 * Features answered on a screen of a hub (app/screen-role.ts): what the screen keeps for itself.
 * Every other channel is the hub's, asked through the link (hub/link/screen-channels.ts says which
 * a screen may ask): a channel only a hub may be asked must have a screen's answer here.
 */
export const SCREEN_FEATURES = [joinFeature, diagnosticsFeature, screenFeature, screensOnScreenFeature] as const;

/** Features started on the account's session, in this order (and stopped in the reverse one). A new feature is one line here. */
export const SESSION_FEATURES = [
  storeActionsFeature,
  storesFeature,
  checkinFeature,
  ordersFeature,
  historyFeature,
  printFeature,
  menuFeature,
  reviewsFeature,
  promotionsFeature,
  deliveryOrdersFeature,
  kitchenFeature,
  rushFeature,
  staffFeature,
  sharedQueueFeature,
] as const;

/**
 * The features' server sides a chain's server answers (app/chain-server.ts): a store terminal of
 * the chain reaches these for its own stores; every other channel is refused in words. Giving a
 * chain's terminal a feature is its folder's `chain.ts`, and one line here.
 */
export const CHAIN_FEATURES = [
  statusChainFeature,
  settingsChainFeature,
  storesChainFeature,
  storeActionsChainFeature,
  checkinChainFeature,
  reviewsChainFeature,
  menuChainFeature,
  promotionsChainFeature,
  deliveryOrdersChainFeature,
  ordersChainFeature,
  printChainFeature,
  rushChainFeature,
  staffChainFeature,
] as const;

type ChannelsOf<F> = F extends { channels: readonly (infer C)[] } ? C : never;
type Covered = ChannelsOf<(typeof APP_FEATURES)[number] | (typeof SESSION_FEATURES)[number]>;
type Unanswered = Exclude<ChannelName, Covered>;
/** A channel of the contract that no feature answers fails the type-check here, named. */
const everyChannelAnswered: [Unanswered] extends [never] ? true : { unanswered: Unanswered } = true;
void everyChannelAnswered;

/**
 * The same check when the app starts (a list edited without the type-check, a feature whose
 * `channels` say one thing and its handlers another): every channel answered by exactly one feature.
 */
export function checkFeatures(features: readonly Feature[]): void {
  const owner = ownersOf(features);
  const unanswered = channelNames.filter((name) => !owner.has(name));
  if (unanswered.length > 0) throw new AppError('internal', `no feature answers ${unanswered.join(', ')}: the app cannot start`);
}

/** On a screen: every channel answered by one of its features, or asked of the hub (only those a screen may ask). */
export function checkScreenFeatures(features: readonly Feature[]): void {
  const owner = ownersOf(features);
  const unanswered = channelNames.filter((name) => !owner.has(name) && !screenMayInvoke(name));
  if (unanswered.length > 0)
    throw new AppError('internal', `a screen cannot ask the hub ${unanswered.join(', ')} and no feature of its own answers: the app cannot start`);
}

/** On a chain's server: no channel answered by two server sides (the others are refused). */
export function checkChainFeatures(features: readonly ChainFeature[]): void {
  ownersOf(features);
}

function ownersOf(features: readonly Pick<Feature | ChainFeature, 'name' | 'channels'>[]): Map<ChannelName, string> {
  const owner = new Map<ChannelName, string>();
  for (const feature of features) {
    for (const channel of feature.channels) {
      const other = owner.get(channel);
      if (other) throw new AppError('internal', `channel ${channel} is answered by two features: ${other} and ${feature.name}`);
      owner.set(channel, feature.name);
    }
  }
  return owner;
}

/** A started feature's handlers are exactly the channels it declared. */
export function checkHandlers(feature: AppFeature | SessionFeature | ChainFeature, handlers: object): void {
  const declared = new Set<string>(feature.channels);
  const given = Object.keys(handlers);
  const missing = feature.channels.filter((c) => typeof (handlers as Record<string, unknown>)[c] !== 'function');
  const extra = given.filter((c) => !declared.has(c));
  if (missing.length > 0 || extra.length > 0) {
    throw new AppError(
      'internal',
      `feature ${feature.name} does not answer what it declares (missing: ${missing.join(', ') || 'none'}; undeclared: ${extra.join(', ') || 'none'})`,
    );
  }
}
