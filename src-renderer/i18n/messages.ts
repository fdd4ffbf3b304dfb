import { alertsMessages } from '../alerts/messages';
import { frameMessages } from '../frame/messages';
import { historyMessages } from '../history/messages';
import { ordersMessages } from '../orders/messages';
import { requestMessages } from '../orders/request-messages';
import { printMessages } from '../print/messages';
import { reviewsMessages } from '../reviews/messages';
import { settingsMessages } from '../settings/messages';
import { setupMessages } from '../setup/messages';
import { storesMessages } from '../merchant/messages';
import { storeActionMessages } from '../store-actions/messages';
import { deliveryOrderMessages } from '../delivery-orders/messages';
import { menuMessages } from '../menu/messages';
import { promotionMessages } from '../promotions/messages';

/** Every feature's strings, merged per language. */
const features = [frameMessages, alertsMessages, historyMessages, printMessages, storesMessages, ordersMessages, requestMessages, reviewsMessages, settingsMessages, setupMessages, storeActionMessages, menuMessages, promotionMessages, deliveryOrderMessages] as const;

type Keys<T> = T extends { 'pt-BR': Record<infer K, string> } ? K : never;
export type MessageKey = Keys<(typeof features)[number]>;
export type Messages = Record<MessageKey, string>;

/** Every leading part of a key (`orders`, `orders.status`, ...): what `I18n.label` may look under. */
type PrefixesOf<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${PrefixesOf<Rest>}` : never;
export type MessagePrefix = PrefixesOf<MessageKey>;

function merge(locale: 'pt-BR' | 'en'): Messages {
  return Object.assign({}, ...features.map((f) => f[locale])) as Messages;
}

export const ptBR: Messages = merge('pt-BR');
export const en: Messages = merge('en');
