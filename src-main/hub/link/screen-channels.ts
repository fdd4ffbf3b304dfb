import type { ChannelName, PushName } from '../../../src-shared/ipc/contract';

/**
 * What a paired screen may call on its hub, and which pushes it hears. A screen is the store's staff
 * at a counter, a kitchen or a pickup board: it runs the store's day (orders, the menu, pauses,
 * reviews, printing), never the hub's account or the hub's configuration. No marketplace secret
 * (client secret, authorization code, token) and nothing that describes the hub's account ever
 * crosses the store's network.
 *
 * Every channel of the contract is named here, `screen` or `hub`: a channel added to the contract
 * fails the type-check until someone decides which it is.
 */
type Access = 'screen' | 'hub';

const CHANNEL_ACCESS = {
  // The terminal's state, the platform's link and the clock the screen's countdowns follow.
  'status:get': 'screen',
  // The hub's support file: its logs, its account (client id, API address), its folders. Made at the hub, for support.
  'diagnostics:export': 'hub',
  // The account: its summary names the client id and the credential store.
  'setup:state': 'hub',
  // Would switch the hub to the demo, away from the store's account.
  'setup:demo': 'hub',
  // Take the client secret.
  'setup:checkCentralized': 'hub',
  'setup:startAuthorization': 'hub',
  // Takes the authorization code the owner was shown.
  'setup:completeAuthorization': 'hub',
  // Would choose the stores the hub polls, or sign the hub out and erase its secrets.
  'setup:finish': 'hub',
  'setup:signOut': 'hub',
  // No secret in the settings; the screen needs its language, density and alerts.
  'settings:get': 'screen',
  // Rewrites the hub's own configuration: the stores it polls, auto-confirm, and printers by network
  // address (a screen could point the hub's tickets, or its connections, at any host on the network).
  'settings:update': 'hub',
  'stores:list': 'screen',
  'stores:detail': 'screen',
  'stores:status': 'screen',
  'stores:interruptions': 'screen',
  'stores:pause': 'screen',
  'stores:resume': 'screen',
  'stores:hours': 'screen',
  'stores:replaceHours': 'screen',
  // The drivers' check-in sheet is posted on the store's wall: not a credential of the terminal.
  'checkin:qrPdf': 'screen',
  'checkin:saved': 'screen',
  'checkin:open': 'screen',
  'orders:board': 'screen',
  'orders:detail': 'screen',
  'orders:act': 'screen',
  'orders:cancellationReasons': 'screen',
  'orders:validatePickupCode': 'screen',
  'orders:driverQuote': 'screen',
  'orders:verifyDeliveryCode': 'screen',
  'history:list': 'screen',
  'history:summary': 'screen',
  'rush:gauge': 'screen',
  'print:order': 'screen',
  // Opens a connection from the hub to any host and port the input names: printers are set up at the hub.
  'print:test': 'hub',
  'print:preview': 'screen',
  'print:status': 'screen',
  // Lists the hub's system printers, which only setting up a printer (at the hub) needs.
  'print:systemPrinters': 'hub',
  // A chain's store terminal tells its server its own printers' states (states only: no address).
  'print:report': 'screen',
  'reviews:summary': 'screen',
  'reviews:list': 'screen',
  'reviews:detail': 'screen',
  'reviews:answer': 'screen',
  'storeActions:list': 'screen',
  'storeActions:cancel': 'screen',
  'menu:catalog': 'screen',
  'menu:setItemStatus': 'screen',
  'menu:soldOutUntilTomorrow': 'screen',
  'menu:itemOptions': 'screen',
  'menu:setOptionStatus': 'screen',
  'menu:comebacks': 'screen',
  'menu:setCategoryStatus': 'screen',
  'menu:setItemPrice': 'screen',
  'promotions:list': 'screen',
  'promotions:refresh': 'screen',
  'promotions:create': 'screen',
  'promotions:endAll': 'screen',
  'promotions:inOrder': 'screen',
  'deliveryOrders:quote': 'screen',
  'deliveryOrders:register': 'screen',
  'deliveryOrders:get': 'screen',
  'deliveryOrders:safety': 'screen',
  'deliveryOrders:confirmAddress': 'screen',
  'deliveryOrders:changeAddress': 'screen',
  'deliveryOrders:cancellationReasons': 'screen',
  'deliveryOrders:cancel': 'screen',
  // The kitchen's screens read, bump and set up stations on the hub's data (nothing of the account in it).
  'kitchen:board': 'screen',
  'kitchen:bump': 'screen',
  'kitchen:recall': 'screen',
  'kitchen:categories': 'screen',
  'kitchen:saveSetup': 'screen',
  'kitchen:mark': 'screen',
  'kitchen:speed': 'screen',
  // Joining a hub, and a screen's own link: answered by the terminal itself, never asked of a hub.
  'join:hubs': 'hub',
  'join:pair': 'hub',
  'join:link': 'hub',
  'join:reconnect': 'hub',
  'join:unpair': 'hub',
  // Pairing and revoking are the hub's: a screen must never let another device in, nor put one out.
  'screens:state': 'hub',
  'screens:openPairing': 'hub',
  'screens:closePairing': 'hub',
  'screens:revoke': 'hub',
  // Another poller halving the orders is every screen's news (staff at any screen must hear it).
  'sharedQueue:state': 'screen',
  // Staff (docs/staff.md): each screen has its own person, signed in with the hub's people; a manager's
  // PIN approves a screen's costly action there — managing the people and the switch too, from any
  // screen's Settings. The trail is read anywhere, never written from a screen.
  'staff:state': 'screen',
  'staff:signIn': 'screen',
  'staff:signOut': 'screen',
  'staff:approve': 'screen',
  'staff:trail': 'screen',
  'staff:save': 'screen',
  'staff:remove': 'screen',
  'staff:configure': 'screen',
} as const satisfies Record<ChannelName, Access>;

const PUSH_ACCESS = {
  'status:changed': 'screen',
  // The hub's account as `setup:state` describes it (client id, credential store).
  'setup:changed': 'hub',
  'settings:changed': 'screen',
  'orders:changed': 'screen',
  'orders:tracking': 'screen',
  'print:changed': 'screen',
  'stores:status': 'screen',
  'storeActions:changed': 'screen',
  'promotions:changed': 'screen',
  'kitchen:changed': 'screen',
  'kitchen:setupChanged': 'screen',
  'rush:changed': 'screen',
  // A terminal's own: the hubs it hears, its link to its hub.
  'join:hubs': 'hub',
  'join:link': 'hub',
  // The hub's pairing code and its list of screens.
  'screens:changed': 'hub',
  'sharedQueue:changed': 'screen',
  'staff:changed': 'screen',
} as const satisfies Record<PushName, Access>;

function forScreens<K extends string>(access: Record<K, Access>): ReadonlySet<string> {
  return new Set(Object.entries(access).flatMap(([name, who]) => (who === 'screen' ? [name] : [])));
}

export const SCREEN_CHANNELS: ReadonlySet<string> = forScreens(CHANNEL_ACCESS);
export const SCREEN_PUSHES: ReadonlySet<string> = forScreens(PUSH_ACCESS);

export function screenMayInvoke(channel: string): boolean {
  return SCREEN_CHANNELS.has(channel);
}

export function screenMayHear(event: PushName): boolean {
  return SCREEN_PUSHES.has(event);
}
