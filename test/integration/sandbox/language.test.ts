import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, type SandboxRoute } from '../../../src-sandbox/index';
import { SHIPPING_CANCELLATION_REASONS } from '../../../src-sandbox/shipping/cancellation';
import { localMoment, DAYS_OF_WEEK } from '../../../src-sandbox/merchant/store-time';
import { cancellationMessages } from '../../../src-shared/i18n/cancellation-messages';
import { promotionMessages } from '../../../src-renderer/promotions/messages';
import { storesMessages } from '../../../src-renderer/stores/messages';
import { storeActionMessages } from '../../../src-renderer/store-actions/messages';
import { withSandbox, type RawResponse } from '../../support/sandbox/sandbox';
import { action, advance, control, createOrder, type Sandbox } from '../../support/sandbox/orders';
import { isOpen, key, paramsOf, pathOf } from '../../support/sandbox/routes';

/**
 * Issue 20: the sandbox stands in for a Brazilian marketplace, so every human-readable text it sends
 * is Portuguese, and what a terminal must word in its own language carries a code. This walks the
 * sandbox: every route it registers (without a token, with unknown and malformed ids, with broken
 * bodies) and the platform's own flows (the 8-minute timeout, customer and dispute cancellations,
 * refused cancellations, the penalty pause, every store status, the review survey, refused answers,
 * promotion errors, shipping confirmations, the portal and tracking pages), records every text it
 * answers and every event it emits, and checks them.
 */

/** The English the sandbox used to send where a Brazilian platform writes Portuguese (pinned). */
const FORMER_PHRASES = [
  'not confirmed within 8 minutes',
  'cancelled by the customer',
  'cancellation dispute accepted',
  'the merchant confirmed the order',
  'a platform driver is already on the way',
  'Paused by the platform',
  'too many cancellations',
  'How was your order?',
  'What stood out?',
  'Would you order again?',
  'Portion size',
  'Delivery time',
  'Reopens at',
  'Opens at',
  'Pauses at',
  '(store time)',
  'The store is paused',
  'A pause is scheduled',
  'Pause coming',
  'Not connected',
  'No polling received',
  'Outside opening hours',
  'Closed as expected',
  'Within opening hours',
  'Catalog enabled',
  'Catalog disabled',
  'No delivery area',
  'Delivery area set',
  'No interruption is active',
  'Online and ready to receive orders',
  'is currently unavailable',
  'does not offer',
  'token missing, expired or invalid',
  'not found',
  'no access to',
  'must be',
  'is required',
  'at most',
  'at least',
  'already',
  'Invalid input',
  'Too small',
  'Too big',
  'Unrecognized key',
  'answer rejected',
  'Thank you',
  'Driver requested',
  'Address confirmed',
  'Address change',
  'Cancellation accepted',
  'Order tracking',
  'Not assigned yet',
  'Authorize an application',
  'User code shown',
  'internal error',
  'no route',
  'rate limit of',
];
/** Single words the survey and status used to send as a whole text. */
const FORMER_WORDS = new Set(['Yes', 'No', 'Taste', 'Packaging', 'Paused', 'Connected', 'Open', 'Unavailable', 'Customer']);

/** English words no Portuguese sentence holds (none of them is a Portuguese word). */
const ENGLISH =
  /\b(the|is|are|was|were|been|must|should|cannot|can't|not|this|that|with|only|of|and|to|from|by|yet|has|have|already|your|you|please|invalid|unknown|required|expected|received|found|store|order|driver|answer|body)\b/i;

/**
 * Texts the spec itself gives in English (spec §7.3: the promotion error's `title` and `type`).
 * They are names the client reads, not words for a person.
 */
const SPEC_LITERALS = new Set(['Business Exception', 'Invalid Request Body', 'Invalid Argument', 'Not Found']);

interface Text {
  where: string;
  text: string;
}

/** Every string a body holds, with where it came from; numbers and booleans are no words. */
function stringsOf(value: unknown, where: string, out: Text[]): void {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${where}.${k}`, out);
}

/** The words a person reads on a page: no style, no markup. */
function pageText(html: string): string[] {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((line) => line.replace(/&[a-z#0-9]+;/g, ' ').trim())
    .filter((line) => line.length > 0 && line !== '<!doctype html>');
}

const ZERO = '00000000-0000-4000-8000-000000000000';
const M = '/merchant/v1.0/merchants';
const R = '/review/v2.0/merchants';
const S = '/shipping/v1.0';
const P = '/promotion/v1.0/merchants';
const C = '/catalog/v2.0/merchants';
const POINT = { latitude: -23.5401, longitude: -46.6835 };

describe('sandbox language: Portuguese as a Brazilian platform writes it, with codes where the terminal words it', () => {
  let sandbox: Sandbox;
  let demo: string;
  const texts: Text[] = [];
  const events: { code: string; metadata: Record<string, unknown> }[] = [];
  const validations: { code: string; state: string; title: string }[] = [];
  const promotionErrors: string[] = [];
  const refusalReasons: string[] = [];

  const record = (label: string, response: RawResponse): RawResponse => {
    const type = response.headers['content-type'] ?? '';
    if (type.includes('json')) stringsOf(response.body, label, texts);
    else if (type.includes('text/html')) for (const line of pageText(response.bytes.toString('utf8'))) texts.push({ where: `${label} (page)`, text: line });
    else if (type.includes('text/plain')) texts.push({ where: `${label} (text)`, text: response.bytes.toString('utf8') });
    return response;
  };
  const send = async (method: string, path: string, options: Parameters<Sandbox['http']['send']>[2] = {}) =>
    record(`${method} ${path}`, await sandbox.http.send(method, path, options));
  const api = (method: string, path: string, json?: unknown) => send(method, path, { token: demo, ...(json === undefined ? {} : { json }) });

  /** Every route, as a stranger, with ids that name nothing or are no ids, and with bodies it refuses. */
  async function sweep(ids: Record<string, string>): Promise<void> {
    const bodies: { raw: string }[] = [
      { raw: '{"a":' },
      { raw: '' },
      { raw: '{}' },
      { raw: '[]' },
      { raw: '{"description":7,"text":7,"reason":7,"code":7,"name":7,"items":7,"promotions":7,"shifts":7,"merchantIds":7,"grant_type":7}' },
    ];
    for (const route of sandbox.routes as readonly SandboxRoute[]) {
      if (route.method === 'HEAD' || key(route) === 'POST /_sandbox/reset') continue;
      const real = pathOf(route.url, (name) => ids[name] ?? ZERO);
      const unknown = pathOf(route.url, (name) => (name === 'merchantId' ? (ids[name] ?? ZERO) : ZERO));
      const malformed = pathOf(route.url, () => 'x');
      if (!isOpen(route)) await send(route.method, real);
      if (paramsOf(route.url).length > 0) {
        await send(route.method, unknown, isOpen(route) ? {} : { token: demo });
        await send(route.method, malformed, isOpen(route) ? {} : { token: demo });
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      for (const body of bodies) await send(route.method, real, { ...(isOpen(route) ? {} : { token: demo }), raw: body.raw });
    }
  }

  async function orders(): Promise<void> {
    // The 8-minute deadline; a confirm after it.
    const late = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await advance(sandbox, 8 * 60 + 1);
    await api('POST', `/order/v1.0/orders/${late.id}/confirm`);
    // The customer cancels; the store cancels with a listed code.
    const byCustomer = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    record('customerCancel', await control(sandbox, byCustomer.id, 'customerCancel'));
    const byStore = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await api('GET', `/order/v1.0/orders/${byStore.id}/cancellationReasons`);
    await api('POST', `/order/v1.0/orders/${byStore.id}/requestCancellation`, { reason: '503' });
    await api('POST', `/order/v1.0/orders/${byStore.id}/requestCancellation`, { reason: 'motivo livre' });
    // Refused cancellations: a driver on the way; a confirm that withdraws the request.
    const driven = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, driven.id, 'confirm');
    await api('POST', `/order/v1.0/orders/${driven.id}/startPreparation`);
    record('assignDriver', await control(sandbox, driven.id, 'assignDriver'));
    await api('GET', `/order/v1.0/orders/${driven.id}/tracking`);
    await api('GET', `/order/v1.0/orders/${driven.id}/tracking`);
    await api('POST', `/order/v1.0/orders/${driven.id}/requestCancellation`, { reason: '509' });
    await api('POST', `/order/v1.0/orders/${driven.id}/dispatch`, { deliveredBy: 'MERCHANT' });
    await api('POST', `/order/v1.0/orders/${driven.id}/verifyDeliveryCode`, { code: '0000' });
    const withdrawn = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await api('POST', `/order/v1.0/orders/${withdrawn.id}/requestCancellation`, { reason: '503' });
    await api('POST', `/order/v1.0/orders/${withdrawn.id}/confirm`);
    await advance(sandbox, 6);
    for (let i = 0; i < 4; i++) record('advanceDriver', await control(sandbox, driven.id, 'advanceDriver'));
    record('advanceDriver', await control(sandbox, driven.id, 'advanceDriver'));
    await send('GET', `/_sandbox/orders/${driven.id}`);
    // A scheduled order too early; pickup codes switched off.
    const scheduled = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderTiming: 'SCHEDULED' });
    await action(sandbox, demo, scheduled.id, 'confirm');
    await api('POST', `/order/v1.0/orders/${scheduled.id}/startPreparation`);
    await send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/features`, { json: { pickupCode: false } });
    await api('POST', `/order/v1.0/orders/${scheduled.id}/validatePickupCode`, { code: '1234' });
    // Disputes: accepted by the store, accepted by their timeout, rejected with the store's words.
    for (const answer of ['accept', 'timeout', 'reject'] as const) {
      const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
      await action(sandbox, demo, order.id, 'confirm');
      const dispute = (await send('POST', `/_sandbox/orders/${order.id}/dispute`, { json: answer === 'timeout' ? { expiresInSeconds: 30 } : {} })).body as {
        id: string;
      };
      if (answer === 'accept') await api('POST', `/order/v1.0/disputes/${dispute.id}/accept`);
      if (answer === 'reject') await api('POST', `/order/v1.0/disputes/${dispute.id}/reject`, { reason: 'O pedido já saiu para entrega' });
      if (answer === 'reject') await api('POST', `/order/v1.0/disputes/${dispute.id}/accept`);
      if (answer === 'timeout') await advance(sandbox, 31);
    }
    // Enough store cancellations for the platform's penalty pause.
    for (let i = 0; i < 5; i++) {
      const order = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
      await api('POST', `/order/v1.0/orders/${order.id}/requestCancellation`, { reason: '503' });
      await advance(sandbox, 5);
    }
    const pauses = (await api('GET', `${M}/${DEMO_GROCERY_ID}/interruptions`)).body as { id: string }[];
    for (const pause of pauses) await api('DELETE', `${M}/${DEMO_GROCERY_ID}/interruptions/${pause.id}`);
  }

  async function statuses(): Promise<void> {
    const read = async (merchantId: string, operation = '') => {
      const body = (await api('GET', `${M}/${merchantId}/status${operation ? `/${operation}` : ''}`)).body;
      if (!Array.isArray(body)) return;
      for (const entry of body as { validations: { code: string; state: string; message: { title: string } }[] }[]) {
        for (const v of entry.validations) validations.push({ code: v.code, state: v.state, title: v.message.title });
      }
    };
    await read(DEMO_PIZZERIA_ID); // nobody polled: not connected
    sandbox.world.recordPoll({ clientId: 'demo' });
    for (const id of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID]) await read(id);
    await read(DEMO_RESTAURANT_ID, 'INDOOR');
    await read(DEMO_RESTAURANT_ID, 'FOO');
    const now = localMoment(sandbox.world.clock.now());
    await api('PUT', `${M}/${DEMO_PIZZERIA_ID}/opening-hours`, {
      storeId: DEMO_PIZZERIA_ID,
      shifts: [{ dayOfWeek: DAYS_OF_WEEK[(now.dayIndex + 3) % 7], start: '10:00:00', duration: 60 }],
    });
    await read(DEMO_PIZZERIA_ID);
    await api('PUT', `${M}/${DEMO_PIZZERIA_ID}/opening-hours`, { storeId: DEMO_PIZZERIA_ID, shifts: [] });
    await api('PUT', `${M}/${DEMO_PIZZERIA_ID}/opening-hours`, {
      storeId: DEMO_RESTAURANT_ID,
      shifts: [{ dayOfWeek: 'MONDAY', start: '25:00:00', duration: 0 }],
    });
    const start = sandbox.world.clock.now() + 30 * 60_000;
    const soon = { description: 'Limpeza da cozinha', start: new Date(start).toISOString(), end: new Date(start + 3600_000).toISOString() };
    await api('POST', `${M}/${DEMO_RESTAURANT_ID}/interruptions`, soon);
    await api('POST', `${M}/${DEMO_RESTAURANT_ID}/interruptions`, soon);
    await api('POST', `${M}/${DEMO_RESTAURANT_ID}/interruptions`, { description: 'x'.repeat(256), start: soon.end, end: soon.start });
    await read(DEMO_RESTAURANT_ID);
    await advance(sandbox, 31 * 60);
    sandbox.world.recordPoll({ clientId: 'demo' });
    await read(DEMO_RESTAURANT_ID);
    await send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/operations`, { json: { operation: 'DELIVERY', deliveryArea: false, catalogEnabled: false } });
    await read(DEMO_RESTAURANT_ID);
    // The platform's automatic closure: one order cancelled by the confirmation deadline is enough here.
    await send('PUT', `/_sandbox/merchants/${DEMO_GROCERY_ID}/auto-closure`, { json: { on: { timeouts: true }, timeouts: 1 } });
    await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
    await advance(sandbox, 8 * 60);
    sandbox.world.recordPoll({ clientId: 'demo' });
    await read(DEMO_GROCERY_ID);
    await api('POST', `${M}/checkin-qrcode`, { merchantIds: [DEMO_RESTAURANT_ID] });
  }

  async function reviews(): Promise<void> {
    for (const id of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]) {
      const list = (await api('GET', `${R}/${id}/reviews?pageSize=50&addCount=true`)).body as { reviews: { id: string; status: string }[] };
      for (const review of list.reviews) await api('GET', `${R}/${id}/reviews/${review.id}`);
      const open = list.reviews.find((r) => r.status === 'NOT_REPLIED');
      const closed = list.reviews.find((r) => r.status === 'PUBLISHED');
      for (const text of [
        'Vocês são uns idiotas.',
        'Ligue para (11) 98765-4321, por favor.',
        'Veja em www.cantina.com.br hoje.',
        'Use o cupom DESCONTO10 na próxima.',
        'Curto',
      ]) {
        const refused = await api('POST', `${R}/${id}/reviews/${open?.id ?? ZERO}/answers`, { text });
        const reason = (refused.body as { details?: { reason?: string } } | undefined)?.details?.reason;
        if (reason) refusalReasons.push(reason);
      }
      await api('POST', `${R}/${id}/reviews/${closed?.id ?? ZERO}/answers`, { text: 'Obrigado pela avaliação, volte sempre!' });
      await api('GET', `${R}/${id}/summary`);
    }
    await api('GET', `${R}/${DEMO_RESTAURANT_ID}/reviews?pageSize=51&sort=UP&dateFrom=ontem`);
  }

  async function promotions(): Promise<void> {
    const ean = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID).find((m) => m.ean)?.ean ?? '';
    const today = localMoment(sandbox.world.clock.now()).date;
    const item = (over: Record<string, unknown>) => ({
      ean,
      discountValue: 10,
      initialDate: today,
      finalDate: '2999-12-31',
      promotionType: 'PERCENTAGE',
      ...over,
    });
    const bad = [
      item({ initialDate: '31/12/2999' }),
      item({ promotionType: 'BOGO' }),
      item({ discountValue: 80 }),
      item({ ean: '000000000000' }),
      item({}),
      item({}),
    ];
    const created = (
      await api('POST', `${P}/${DEMO_GROCERY_ID}/promotions`, {
        aggregationTag: 'semana',
        promotions: [{ promotionName: 'Semana', channels: ['PLATFORM-APP'], items: bad }],
      })
    ).body as { aggregationId: string };
    await api('POST', `${P}/${DEMO_GROCERY_ID}/promotions`, { aggregationTag: 'semana', promotions: [{ channels: ['PLATFORM-APP'], items: [item({})] }] });
    await api('POST', `${P}/${DEMO_GROCERY_ID}/promotions`, { promotions: [{ channels: [], items: [] }] });
    await api('POST', `${P}/${DEMO_GROCERY_ID}/promotions?reset=talvez`, { promotions: [] });
    await advance(sandbox, 3);
    const page = (await api('GET', `${P}/${DEMO_GROCERY_ID}/promotions/${created.aggregationId}/items`)).body as { promotions: { error: string | null }[] };
    for (const p of page.promotions) if (p.error) promotionErrors.push(p.error);
    await api('GET', `${P}/${DEMO_GROCERY_ID}/promotions/${created.aggregationId}/items?limit=5000`);
  }

  async function shipping(): Promise<void> {
    const own = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, own.id, 'confirm');
    const quote = (await api('GET', `${S}/orders/${own.id}/deliveryAvailabilities`)).body as { id: string };
    await api('POST', `${S}/orders/${own.id}/requestDriver`, { quoteId: ZERO });
    await api('POST', `${S}/orders/${own.id}/requestDriver`, { quoteId: quote.id });
    await api('POST', `${S}/orders/${own.id}/requestDriver`, { quoteId: quote.id });
    await api('POST', `${S}/orders/${own.id}/cancelRequestDriver`);
    await api('POST', `${S}/orders/${own.id}/cancelRequestDriver`);
    await api('POST', `${S}/orders/${own.id}/userConfirmAddress`);
    await api('POST', `${S}/orders/${own.id}/acceptDeliveryAddressChange`);
    const address = {
      streetName: 'Rua Harmonia',
      streetNumber: '10',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      coordinates: POINT,
    };
    await api('POST', `${S}/orders/${own.id}/deliveryAddressChangeRequest`, address);
    await api('POST', `${S}/orders/${own.id}/deliveryAddressChangeRequest`, address);
    await api('POST', `${S}/orders/${own.id}/denyDeliveryAddressChange`);
    await advance(sandbox, 31);
    await send('POST', `/_sandbox/orders/${own.id}/addressChangeRequest`, { json: {} });
    await api('POST', `${S}/orders/${own.id}/denyDeliveryAddressChange`);
    await send('POST', `/_sandbox/orders/${own.id}/addressChangeRequest`, { json: {} });
    await api('POST', `${S}/orders/${own.id}/acceptDeliveryAddressChange`);
    await api('GET', `${S}/orders/${own.id}/safeDelivery`);
    await api('GET', `${S}/orders/${own.id}/cancellationReasons`);
    // Delivery-only: a quote far away, one nearby, the registration, its tracking page, its cancellation.
    await api('GET', `${S}/merchants/${DEMO_GROCERY_ID}/deliveryAvailabilities?latitude=-22.9&longitude=-43.2`);
    const nearby = (await api('GET', `${S}/merchants/${DEMO_GROCERY_ID}/deliveryAvailabilities?latitude=${POINT.latitude}&longitude=${POINT.longitude}`))
      .body as { id: string };
    const registration = {
      customer: { name: 'Marina Alves', phone: { countryCode: '55', areaCode: '11', number: '987654321', type: 'CUSTOMER' } },
      delivery: {
        quoteId: nearby.id,
        deliveryAddress: {
          postalCode: '05005-001',
          streetNumber: '300',
          streetName: 'Rua Turiassu',
          neighborhood: 'Perdizes',
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
          coordinates: POINT,
        },
      },
      items: [{ id: 'MBP-001', name: 'Arroz branco 5 kg', quantity: 1, unitPrice: 27.9, totalPrice: 27.9 }],
      payments: { methods: [{ method: 'CREDIT', type: 'OFFLINE', value: 27.9 }] },
    };
    const registered = (await api('POST', `${S}/merchants/${DEMO_GROCERY_ID}/orders`, registration)).body as { id: string; trackingUrl: string };
    await api('POST', `${S}/merchants/${DEMO_GROCERY_ID}/orders`, registration);
    await send('GET', new URL(registered.trackingUrl).pathname);
    await send('GET', `/tracking/${ZERO}`);
    await send('GET', '/tracking/x');
    await api('GET', `${S}/orders/${registered.id}/cancellationReasons`);
    await api('POST', `${S}/orders/${registered.id}/cancel`, { reason: 'O cliente pediu para cancelar', cancellationCode: 999 });
    await api('POST', `${S}/orders/${registered.id}/cancel`, { reason: 'O cliente pediu para cancelar', cancellationCode: 801 });
    await api('POST', `${S}/orders/${registered.id}/cancel`, { reason: 'De novo', cancellationCode: 801 });
  }

  async function catalogAndAuth(): Promise<void> {
    await api('GET', `${C}/${DEMO_RESTAURANT_ID}/categories?include_items=true`);
    await api('GET', `${C}/${DEMO_RESTAURANT_ID}/categories?include_items=talvez`);
    await api('POST', `${C}/${DEMO_RESTAURANT_ID}/categories`, { name: 'Massas', status: 'AVAILABLE', template: 'DEFAULT' });
    await api('PATCH', `${C}/${DEMO_RESTAURANT_ID}/items/price`, { itemId: ZERO, price: { value: -1 } });
    await api('PATCH', `${C}/${DEMO_RESTAURANT_ID}/items/status`, { itemId: ZERO, status: 'AVAILABLE' });
    await api('PATCH', `${C}/${DEMO_RESTAURANT_ID}/options/status`, { optionId: ZERO, status: 'AVAILABLE' });
    await api('PATCH', `${C}/${DEMO_RESTAURANT_ID}/items/externalCode`, { itemId: ZERO });
    await api('PATCH', `${C}/${DEMO_RESTAURANT_ID}/products/price`, [{ productId: ZERO, externalCode: 'X', price: { value: 1 }, resources: ['ITEM'] }]);
    await api('PUT', `${C}/${DEMO_RESTAURANT_ID}/items`, {
      item: { id: ZERO, type: 'DEFAULT', categoryId: ZERO, status: 'AVAILABLE', price: { value: 1 }, productId: ZERO },
      products: [],
      optionGroups: [],
      options: [],
    });
    await api('GET', `${C}/${DEMO_RESTAURANT_ID}/inventory/${ZERO}`);
    const product = [...sandbox.world.catalog.of(DEMO_RESTAURANT_ID).products.keys()][0] ?? ZERO;
    await api('GET', `${C}/${DEMO_RESTAURANT_ID}/inventory/${product}`);
    await send('POST', '/authentication/v1.0/oauth/token', { form: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'errado' } });
    await send('POST', '/authentication/v1.0/oauth/token', { form: { client_id: 'demo' } });
    await send('POST', '/authentication/v1.0/oauth/token', { form: { grant_type: 'senha' } });
    await send('POST', '/authentication/v1.0/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: 'gasto' } });
    await send('POST', '/authentication/v1.0/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: 'partner', client_secret: 'partner-secret' },
    });
    await send('POST', '/authentication/v1.0/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: 'partner',
        client_secret: 'partner-secret',
        authorization_code: 'QUALQUER',
        authorization_code_verifier: 'v',
      },
    });
    await send('POST', '/authentication/v1.0/oauth/userCode', { form: { client_id: 'demo' } });
    const started = (await send('POST', '/authentication/v1.0/oauth/userCode', { form: { client_id: 'partner' } })).body as { userCode: string };
    await send('GET', `/_sandbox/authorize?userCode=${started.userCode}`);
    await send('GET', '/_sandbox/authorize?userCode=QQQQ-QQQQ');
    await send('POST', '/_sandbox/authorize', { raw: `userCode=${started.userCode}`, contentType: 'application/x-www-form-urlencoded' });
    await send('POST', '/_sandbox/authorize', {
      raw: `userCode=${started.userCode}&merchantIds=${DEMO_GROCERY_ID}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    await send('POST', '/_sandbox/authorize', { json: { userCode: started.userCode, merchantIds: [DEMO_GROCERY_ID] } });
    await send('GET', '/nada/aqui', { token: demo });
  }

  before(async () => {
    sandbox = await withSandbox({ rateLimitFactor: 1 });
    demo = await sandbox.http.token();
    await orders();
    await statuses();
    await reviews();
    await promotions();
    await shipping();
    await catalogAndAuth();
    // Real ids for the sweep, so broken bodies reach the body checks.
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    const dispute = (await send('POST', `/_sandbox/orders/${order.id}/dispute`, { json: {} })).body as { id: string };
    await sweep({ merchantId: DEMO_RESTAURANT_ID, id: order.id, orderId: order.id, disputeId: dispute.id });
    const all = (await send('GET', '/_sandbox/events')).body as { events: { code: string; metadata: Record<string, unknown> }[] };
    events.push(...all.events);
  });
  after(() => sandbox.close());

  it('walks each kind of text the terminal reads (a walk that saw nothing would prove nothing)', () => {
    const seen = (pattern: RegExp) => texts.some((t) => pattern.test(t.text));
    for (const pattern of [
      /^Pedido não confirmado pela loja em até 8 minutos$/,
      /^Como foi o seu pedido\?$/,
      /^Você pediria de novo\?$/,
      /^Sim$/,
      /^Sabor$/,
      /^Pausada$/,
      /^Reabre às \d\d:\d\d \(horário da loja\)\.$/,
      /^A pausa começa às \d\d:\d\d/,
      /^Abre às 10:00/,
      /^Pausa aplicada pela plataforma/,
      /^Fechada pela plataforma$/,
      /^Fechamento automático: 1 pedido cancelado por falta de confirmação em 30 minutos$/,
      /^Desconectada$/,
      /^Cardápio desativado$/,
      /^Sem área de entrega$/,
      /indisponível no momento/,
      /^token ausente/,
      /^Entrada inválida/,
      /não encontrad[oa]/,
      /^resposta recusada: /,
      /^Entregador solicitado/,
      /^Mudança de endereço/,
      /^Cancelamento aceito\.$/,
      /^Acompanhe seu pedido$/,
      /^Autorizar um aplicativo$/,
      /^rota inexistente/,
      /^o corpo da requisição é inválido/,
      /^o rastreamento do pedido responde uma vez a cada 30 segundos/,
      /já foi usada$/,
      /tem o mesmo ean/,
    ]) {
      assert.ok(seen(pattern), `the walk saw a text like ${pattern}`);
    }
    assert.ok(texts.length > 2000, `${texts.length} texts`);
    for (const code of ['CONFIRMATION_TIMEOUT', 'CUSTOMER_GAVE_UP', 'DISPUTE_ACCEPTED', 'DISPUTE_UNANSWERED', '503', '801']) {
      assert.ok(
        events.some((e) => e.code === 'CAN' && e.metadata.cancelCode === code),
        `a cancellation ${code}`,
      );
    }
    assert.ok(events.filter((e) => e.code === 'CARF').length >= 2);
    assert.deepEqual(new Set(validations.map((v) => v.state)), new Set(['OK', 'WARNING', 'CLOSED', 'ERROR']));
    assert.deepEqual(new Set(refusalReasons), new Set(['INAPPROPRIATE_CONTENT']));
    assert.ok(promotionErrors.length >= 4);
  });

  it('sends none of the English texts it used to send', () => {
    const found = texts.filter((t) => FORMER_WORDS.has(t.text.trim()) || FORMER_PHRASES.some((p) => t.text.includes(p)));
    assert.deepEqual(found.slice(0, 10), [], `${found.length} former English texts`);
  });

  it('tells English from Portuguese: the detector flags the sentences the sandbox used to send, and none it sends now', () => {
    for (const english of [
      'not confirmed within 8 minutes',
      'How was your order?',
      'Would you order again?',
      'token missing, expired or invalid',
      'start must be before end',
      'Paused by the platform: too many cancellations',
    ]) {
      assert.match(english, ENGLISH);
    }
    for (const portuguese of [
      'Pedido não confirmado pela loja em até 8 minutos',
      'Você pediria de novo?',
      'limit deve ser de 1 a 1000',
      'o corpo deve ser {deliveredBy: "MERCHANT"}',
      'Reabre às 14:30 (horário da loja).',
    ]) {
      assert.doesNotMatch(portuguese, ENGLISH);
    }
  });

  it('sends no text that reads as English, in bodies, events, pages or plain confirmations', () => {
    const english = texts.filter((t) => /\s/.test(t.text.trim()) && !SPEC_LITERALS.has(t.text) && ENGLISH.test(t.text));
    assert.deepEqual(english.slice(0, 10), [], `${english.length} English texts`);
  });

  it('gives a code for every cancellation, validation and refusal, and the terminal has words for each in both languages', () => {
    const words = (messages: { 'pt-BR': Record<string, string>; en: Record<string, string> }, k: string) => k in messages['pt-BR'] && k in messages.en;
    const shippingCodes = new Set(SHIPPING_CANCELLATION_REASONS.map((r) => r.cancelCodeId));
    for (const e of events.filter((e) => e.code === 'CAN')) {
      const code = e.metadata.cancelCode;
      assert.equal(typeof code, 'string', `CAN ${JSON.stringify(e.metadata)} carries its code`);
      assert.equal(typeof e.metadata.reason, 'string');
      // A delivery-only cancellation keeps the store's own words: the terminal shows them as written.
      if (e.metadata.origin === 'MERCHANT' && shippingCodes.has(code as string)) continue;
      assert.ok(words(cancellationMessages, `orders.reason.${code as string}`), `the terminal words cancellation ${code as string}`);
    }
    for (const e of events.filter((e) => e.code === 'CARF'))
      assert.match(String(e.metadata.failureCode), /^[A-Z_]+$/, 'a refused cancellation says why by a code');
    for (const v of validations) assert.ok(words(storesMessages, `store.validation.${v.code}`), `the terminal words validation ${v.code}`);
    for (const code of promotionErrors) assert.ok(words(promotionMessages, `promotions.error.${code}`), `the terminal words promotion error ${code}`);
    for (const reason of refusalReasons) assert.ok(words(storeActionMessages, `error.reason.${reason}`), `the terminal words refusal ${reason}`);
  });
});
