import { frameMessages } from '../frame/messages';
import { ordersMessages } from '../orders/messages';
import { reviewsMessages } from '../reviews/messages';
import { settingsMessages } from '../settings/messages';
import { storesMessages } from '../merchant/messages';

/** Every feature's strings, merged per language. */
const features = [frameMessages, storesMessages, ordersMessages, reviewsMessages, settingsMessages] as const;

type Keys<T> = T extends { 'pt-BR': Record<infer K, string> } ? K : never;
export type MessageKey = Keys<(typeof features)[number]>;
export type Messages = Record<MessageKey, string>;

function merge(locale: 'pt-BR' | 'en'): Messages {
  return Object.assign({}, ...features.map((f) => f[locale])) as Messages;
}

export const ptBR: Messages = merge('pt-BR');
export const en: Messages = merge('en');
