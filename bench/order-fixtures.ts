import { randomUUID } from 'node:crypto';
import { ManualClock } from '../src-main/base/clock';
import { silentLogger } from '../src-main/base/log';
import { OrdersDb } from '../src-main/db/orders/orders-db';
import { EventIngest } from '../src-main/sync/ingest';

/**
 * Orders as a busy terminal stores them, for the database benchmarks: details shaped as the API
 * returns them, names from a list of common Brazilian names (so a search has realistic matches).
 */
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Paula',
  'Rafael',
];
const LAST = [
  'Silva',
  'Souza',
  'Costa',
  'Pereira',
  'Alves',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Martins',
  'Cardoso',
  'Teixeira',
  'Dias',
  'Mendes',
  'Nunes',
  'Freitas',
];
export const customerName = (n: number): string => `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;

export function orderDetail(id: string, merchantId: string, createdAt: string, n: number): Record<string, unknown> {
  return {
    id,
    displayId: id.slice(0, 4).toUpperCase(),
    status: 'PLACED',
    orderType: n % 3 === 0 ? 'TAKEOUT' : 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    salesChannel: 'PLATFORM-APP',
    category: 'FOOD',
    createdAt,
    merchant: { id: merchantId, name: 'Cantina da Vila' },
    customer: {
      id: randomUUID(),
      name: customerName(n),
      ordersCountOnMerchant: n % 17,
      phone: { number: '0800 000 0000', localizer: '12345678', localizerExpiration: createdAt },
    },
    items: [1, 2, 3].map((index) => ({
      index,
      id: randomUUID(),
      uniqueId: randomUUID(),
      name: `Prato ${index}`,
      externalCode: `P${index}`,
      quantity: index,
      unit: 'UN',
      unitPrice: 20,
      optionsPrice: 0,
      totalPrice: 20 * index,
      observations: index === 2 ? 'sem cebola' : null,
      options: [],
    })),
    total: { subTotal: 120, deliveryFee: 7, benefits: 0, additionalFees: 0, orderAmount: 127 },
    payments: { prepaid: 127, pending: 0, methods: [{ method: 'CREDIT', type: 'ONLINE', value: 127, currency: 'BRL', card: { brand: 'VISA' } }] },
    delivery: {
      mode: 'DEFAULT',
      deliveredBy: 'PLATFORM',
      deliveryDateTime: createdAt,
      pickupCode: '1234',
      deliveryAddress: { streetName: 'Rua Harmonia', streetNumber: '412', city: 'São Paulo', state: 'SP', country: 'BR' },
    },
  };
}

export interface FixtureOptions {
  orders: number;
  days: number;
  /** The newest orders stay open (today's board); every other one is concluded. */
  openToday: number;
  now: number;
  stores: readonly string[];
}

/** Writes the orders through the app's ingest (PLACED, then CONCLUDED for all but the newest) and detail path. */
export function buildOrders(dir: string, { orders: total, days, openToday, now, stores }: FixtureOptions): void {
  const store = OrdersDb.open(dir);
  const clock = new ManualClock(now);
  const ingest = new EventIngest(store, clock, silentLogger);
  const perDay = total / days;
  const chunk = 10_000;
  for (let start = 0; start < total; start += chunk) {
    const events: Record<string, unknown>[] = [];
    const details: [string, Record<string, unknown>][] = [];
    for (let n = start; n < start + chunk; n++) {
      const day = Math.floor(n / perDay);
      const at = now - (days - 1 - day) * 86_400_000 - 12 * 3_600_000 + (n % perDay) * 40_000;
      const id = randomUUID();
      const merchantId = stores[n % stores.length] as string;
      const createdAt = new Date(at).toISOString();
      events.push({ id: randomUUID(), code: 'PLC', fullCode: 'PLACED', orderId: id, merchantId, createdAt, metadata: {} });
      const stayOpen = n >= total - openToday;
      if (!stayOpen)
        events.push({
          id: randomUUID(),
          code: 'CON',
          fullCode: 'CONCLUDED',
          orderId: id,
          merchantId,
          createdAt: new Date(at + 2_400_000).toISOString(),
          metadata: {},
        });
      details.push([id, orderDetail(id, merchantId, createdAt, n)]);
    }
    ingest.apply(events);
    store.write(() => {
      for (const [id, d] of details) store.orders.saveDetail(id, d, now);
    });
  }
  store.close();
}
