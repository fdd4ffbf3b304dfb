import { cancellationMessages } from '../../src-shared/i18n/cancellation-messages';
import { mergeMessages } from '../../src-shared/i18n/define';
import { ticketMessages } from '../../src-shared/i18n/ticket-messages';
import { libMessages } from '../lib/messages';
import { checkinMessages } from '../checkin/messages';
import { diagnosticsMessages } from '../diagnostics/messages';
import { sharedQueueMessages } from '../shared-queue/messages';
import { statusMessages } from '../status/messages';
import { alertsMessages } from '../alerts/messages';
import { frameMessages } from '../frame/messages';
import { historyMessages } from '../history/messages';
import { joinMessages } from '../join/messages';
import { ordersMessages } from '../orders/messages';
import { requestMessages } from '../orders/request-messages';
import { drawerMessages } from '../orders/drawer-messages';
import { printMessages } from '../print/messages';
import { rushMessages } from '../rush/messages';
import { staffMessages } from '../staff/messages';
import { reviewsMessages } from '../reviews/messages';
import { settingsMessages } from '../settings/messages';
import { setupMessages } from '../setup/messages';
import { storesMessages } from '../stores/messages';
import { storeActionMessages } from '../store-actions/messages';
import { deliveryOrderMessages } from '../delivery-orders/messages';
import { menuMessages } from '../menu/messages';
import { promotionMessages } from '../promotions/messages';
import { screensMessages } from '../screens/messages';
import { kitchenMessages } from '../kitchen/messages';
import { consoleMessages } from '../console/messages';

/** Every feature's strings, and the tickets' (one catalogue for screens and tickets), merged per language. */
const catalogue = mergeMessages([
  frameMessages,
  statusMessages,
  alertsMessages,
  historyMessages,
  printMessages,
  rushMessages,
  staffMessages,
  storesMessages,
  checkinMessages,
  ordersMessages,
  requestMessages,
  drawerMessages,
  reviewsMessages,
  settingsMessages,
  diagnosticsMessages,
  setupMessages,
  joinMessages,
  storeActionMessages,
  menuMessages,
  promotionMessages,
  deliveryOrderMessages,
  screensMessages,
  sharedQueueMessages,
  kitchenMessages,
  consoleMessages,
  libMessages,
  ticketMessages,
  cancellationMessages,
]);

/** Every key with its Portuguese text (whose arguments `t` checks). */
export type Catalogue = (typeof catalogue)['pt-BR'];
export type MessageKey = keyof Catalogue & string;

/** Every leading part of a key (`orders`, `orders.status`, ...): what `I18n.label` may look under. */
type PrefixesOf<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${PrefixesOf<Rest>}` : never;
export type MessagePrefix = PrefixesOf<MessageKey>;

export const ptBR: Catalogue = catalogue['pt-BR'];
export const en: Record<MessageKey, string> = catalogue.en;
