/**
 * The request limits of spec §8, per application and route, as data: the sandbox enforces them and
 * the client paces itself by them. Keys are `METHOD /module-relative-route` as the spec names them.
 */
export interface RouteLimit {
  limit: number;
  windowMs: number;
}

const perMinute = (limit: number): RouteLimit => ({ limit, windowMs: 60_000 });
const perSecond = (limit: number): RouteLimit => ({ limit, windowMs: 1_000 });

export const routeLimits: Readonly<Record<string, RouteLimit>> = {
  // Authentication: the spec gives 100/min and 20/min; the stricter one is the safe reading.
  'POST /oauth/token': perMinute(20),
  'POST /oauth/userCode': perMinute(20),
  // Events / order
  'GET /orders:polling': perMinute(6000),
  'POST /orders:acknowledgment': perMinute(6000),
  // The same two routes under the names the limits table gives the events module (spec §6, §8).
  'GET /events:polling': perMinute(6000),
  'POST /events/acknowledgment': perMinute(6000),
  'GET /orders/{id}': perMinute(3000),
  'GET /orders/{id}/virtual-bag': perSecond(1000),
  'POST /orders/{id}/confirm': perMinute(3000),
  'POST /orders/{id}/startPreparation': perMinute(3000),
  'POST /orders/{id}/readyToPickup': perMinute(3000),
  'POST /orders/{id}/dispatch': perMinute(3000),
  'POST /orders/{id}/requestCancellation': perMinute(300),
  'GET /orders/{id}/tracking': perMinute(5000),
  'POST /disputes/{disputeId}/accept': perMinute(1000),
  'POST /disputes/{disputeId}/reject': perMinute(1000),
  'POST /disputes/{disputeId}/alternatives/{alternativeId}': perMinute(1000),
  // Shipping
  'GET /orders/{orderId}/deliveryAvailabilities': perMinute(4000),
  'GET /merchants/{merchantId}/deliveryAvailabilities': perMinute(4000),
  'POST /merchants/{merchantId}/orders': perMinute(4000),
  'POST /orders/{orderId}/requestDriver': perMinute(4000),
  'POST /orders/{orderId}/cancel': perMinute(600),
  'POST /orders/{orderId}/cancelRequestDriver': perMinute(600),
  'POST /orders/{orderId}/userConfirmAddress': perMinute(500),
  'POST /orders/{orderId}/deliveryAddressChangeRequest': perMinute(500),
  'POST /orders/{orderId}/acceptDeliveryAddressChange': perMinute(500),
  'POST /orders/{orderId}/denyDeliveryAddressChange': perMinute(500),
  'GET /orders/{orderId}/safeDelivery': perMinute(500),
  // Merchant
  'GET /merchants': perMinute(100),
  'GET /merchants/{merchantId}': perMinute(300),
  'GET /merchants/{merchantId}/status': perMinute(20000),
  'GET /merchants/{merchantId}/status/{operation}': perMinute(20000),
  'GET /merchants/{merchantId}/interruptions': perMinute(100),
  'POST /merchants/{merchantId}/interruptions': perMinute(200),
  'DELETE /merchants/{merchantId}/interruptions/{interruptionId}': perMinute(100),
  'GET /merchants/{merchantId}/opening-hours': perMinute(100),
  'PUT /merchants/{merchantId}/opening-hours': perMinute(100),
  // Review
  'GET /merchants/{merchantId}/reviews': perMinute(2000),
  'GET /merchants/{merchantId}/reviews/{reviewId}': perMinute(2000),
  'POST /merchants/{merchantId}/reviews/{reviewId}/answers': perMinute(2000),
  'GET /merchants/{merchantId}/summary': perMinute(2000),
  // Promotion
  'POST /merchants/{merchantId}/promotions': perMinute(1000),
};

/** Catalog: 15000/min for all routes together, and per route 5000 or 3000 (spec §8). */
export const catalogTotalLimit: RouteLimit = perMinute(15000);
export const catalogRouteLimits: Readonly<Record<string, RouteLimit>> = {
  'PATCH /products/status': perMinute(5000),
  'PATCH /products/price': perMinute(5000),
  'PATCH /items/price': perMinute(5000),
  'PATCH /items/status': perMinute(5000),
  'PATCH /options/price': perMinute(5000),
  'PATCH /options/status': perMinute(5000),
  'PATCH /options/externalCode': perMinute(5000),
  'GET /batch/{batchId}': perMinute(5000),
  'POST /inventory': perMinute(5000),
  'GET /inventory/{productId}': perMinute(5000),
  'POST /inventory/batchDelete': perMinute(5000),
};
/** Every other catalog route. */
export const catalogDefaultRouteLimit: RouteLimit = perMinute(3000);

export function limitFor(module: string, route: string): RouteLimit | undefined {
  if (module === 'catalog') return catalogRouteLimits[route] ?? catalogDefaultRouteLimit;
  return routeLimits[route];
}
