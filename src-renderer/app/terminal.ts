import { getContext } from 'svelte';
import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { Bridge } from '../../src-shared/ipc/contract';
import { HistoryState } from '../history/history-state.svelte';
import { SummaryState } from '../history/summary-state.svelte';
import { I18n } from '../i18n/i18n.svelte';
import { KeyboardSense } from '../lib/keyboard.svelte';
import { Now } from '../lib/now.svelte';
import { CheckinState } from '../checkin/checkin-state.svelte';
import { HoursState } from '../stores/hours-state.svelte';
import { PausesState } from '../stores/pauses-state.svelte';
import { StoreStatusState } from '../stores/store-status-state.svelte';
import { StoresState } from '../stores/stores-state.svelte';
import { Alerts, webNotifier, type Notifier } from '../alerts/alerts.svelte';
import type { SoundPlayer } from '../alerts/sounds';
import { OrdersState } from '../orders/orders-state.svelte';
import { PrintState } from '../print/print-state.svelte';
import { ReviewsState } from '../reviews/reviews-state.svelte';
import { ScreensState } from '../screens/screens-state.svelte';
import { SharedQueueState } from '../shared-queue/shared-queue-state.svelte';
import { DiagnosticsState } from '../diagnostics/diagnostics-state.svelte';
import { SettingsState } from '../settings/settings-state.svelte';
import { JoinState } from '../join/join-state.svelte';
import { SetupState } from '../setup/setup-state.svelte';
import { LinkState } from '../join/link-state.svelte';
import { StoreActionsState } from '../store-actions/store-actions-state.svelte';
import { MenuState } from '../menu/menu-state.svelte';
import { reasonWords } from '../orders/cancellation-words';
import { PromotionsState } from '../promotions/promotions-state.svelte';
import { DeliveryOrdersState } from '../delivery-orders/delivery-orders-state.svelte';
import { KitchenState } from '../kitchen/kitchen-state.svelte';
import { RushState } from '../rush/rush-state.svelte';
import { guardBridge } from '../staff/staff-gate';
import { StaffState } from '../staff/staff-state.svelte';
import { AppState } from './app-state.svelte';

/**
 * The renderer's state, one object per screen's concern, built once over one bridge and handed to
 * the components through Svelte context (never imported as module singletons): a component renders
 * the same against the real bridge or a fake one in a test. The bridge itself is not handed out: a
 * screen reaches the main process only through its state class (lint refuses a component that
 * imports the bridge).
 */
export interface Terminal {
  now: Now;
  i18n: I18n;
  /** Whether keyboard hints belong on screen (a touch terminal shows none). */
  keyboard: KeyboardSense;
  appState: AppState;
  setupState: SetupState;
  /** The first run's "join another terminal of this store". */
  joinState: JoinState;
  /** A screen's link to its hub terminal (null view on a hub). */
  linkState: LinkState;
  settingsState: SettingsState;
  diagnosticsState: DiagnosticsState;
  storesState: StoresState;
  storeStatusState: StoreStatusState;
  pausesState: PausesState;
  hoursState: HoursState;
  checkinState: CheckinState;
  ordersState: OrdersState;
  alerts: Alerts;
  historyState: HistoryState;
  printState: PrintState;
  /** The stores' load and the warnings before the platform's automatic closure. */
  rushState: RushState;
  summaryState: SummaryState;
  reviewsState: ReviewsState;
  storeActionsState: StoreActionsState;
  menuState: MenuState;
  promotionsState: PromotionsState;
  deliveryOrdersState: DeliveryOrdersState;
  /** Settings › Telas: the screens paired to this terminal, the pairing code. */
  screensState: ScreensState;
  /** Another terminal reading this account's orders (the split-queue trap). */
  sharedQueueState: SharedQueueState;
  /** The kitchen display, expo and pickup board (a paired screen of that kind starts on one). */
  kitchenState: KitchenState;
  /** Who works at this device, the team, a manager's PIN at a costly action, an order's trail. */
  staffState: StaffState;
}

export interface TerminalOptions {
  /** Plays the alert sounds (silent unless given: tests pass a spy, the app Web Audio). */
  sounds?: SoundPlayer;
  notifier?: Notifier;
  /** The window's clock (the screen follows the main process's clock from it). */
  systemNow?: () => number;
}

export function createTerminal(rawBridge: Bridge, options: TerminalOptions = {}): Terminal {
  // Every state speaks through one gate: a call refused for want of a person or a manager's PIN asks
  // for it and goes again, so no screen of an action needs to know about staff (docs/staff.md).
  // (Read only once a call is answered, after staffState below exists.)
  const bridge = guardBridge(rawBridge, {
    ask: (refusal) => staffState.ask(refusal),
    answered: (orderId) => staffState.answered(orderId),
  });
  const staffState: StaffState = new StaffState(bridge);
  const now = new Now(options.systemNow);
  const i18n = new I18n();
  const settingsState = new SettingsState(bridge);
  // The language is a setting: the screen follows it wherever it was changed.
  settingsState.onChange((settings) => i18n.setLocale(settings.locale));
  const appState = new AppState(bridge, now);
  const alerts: Alerts = new Alerts(
    {
      settings: () => settingsState.settings.alerts,
      // Read only once the terminal runs, after ordersState below exists.
      attention: (): BoardRow[] => ordersState.attention,
      requests: (): BoardRow[] => ordersState.requests,
      connectivity: () => appState.connectivity,
      words: {
        newOrders: (count) => i18n.t('alerts.notify.newOrders', { n: count }),
        newOrder: (row) => i18n.t('alerts.notify.newOrder', { code: row.displayId ?? row.id.slice(0, 6) }),
        cancelled: (row) => i18n.t('alerts.notify.cancelled', { code: row.displayId ?? row.id.slice(0, 6) }),
        cancelledMany: (count) => i18n.t('alerts.notify.cancelledMany', { n: count }),
        cancelReason: (row) => reasonWords(i18n, row.cancellation),
        disputed: (row) => i18n.t('alerts.notify.disputed', { code: row.displayId ?? row.id.slice(0, 6) }),
        disputedMany: (count) => i18n.t('alerts.notify.disputedMany', { n: count }),
        offline: () => i18n.t('alerts.notify.offline'),
      },
    },
    options.sounds ?? (() => {}),
    options.notifier ?? webNotifier,
  );
  const ordersState: OrdersState = new OrdersState(bridge, now, alerts);
  const storeActionsState = new StoreActionsState(bridge);
  return {
    now,
    i18n,
    keyboard: new KeyboardSense(typeof window === 'undefined' ? undefined : window),
    appState,
    setupState: new SetupState(bridge),
    joinState: new JoinState(bridge),
    linkState: new LinkState(bridge),
    settingsState,
    diagnosticsState: new DiagnosticsState(bridge),
    storesState: new StoresState(bridge, settingsState),
    storeStatusState: new StoreStatusState(bridge),
    pausesState: new PausesState(bridge, storeActionsState),
    hoursState: new HoursState(bridge, now, storeActionsState),
    checkinState: new CheckinState(bridge),
    ordersState,
    alerts,
    historyState: new HistoryState(bridge),
    printState: new PrintState(bridge),
    rushState: new RushState(bridge),
    summaryState: new SummaryState(bridge),
    reviewsState: new ReviewsState(bridge, now, storeActionsState),
    storeActionsState,
    menuState: new MenuState(bridge, storeActionsState),
    promotionsState: new PromotionsState(bridge),
    deliveryOrdersState: new DeliveryOrdersState(bridge, storeActionsState),
    screensState: new ScreensState(bridge),
    sharedQueueState: new SharedQueueState(bridge),
    kitchenState: new KitchenState(bridge, now),
    staffState,
  };
}

const TERMINAL = Symbol('terminal');

/** The context map that provides a terminal to a component tree (App, or a test's render). */
export function terminalContext(terminal: Terminal): Map<symbol, Terminal> {
  return new Map([[TERMINAL, terminal]]);
}

/** The terminal of the component tree; call it during a component's initialisation. */
export function getTerminal(): Terminal {
  const terminal = getContext<Terminal | undefined>(TERMINAL);
  if (!terminal) throw new Error('no terminal in context: render the component inside App or with terminalContext()');
  return terminal;
}
