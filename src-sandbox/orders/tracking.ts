import type { Coordinates, OrderRecord } from './model';

/**
 * Where the platform driver is (order and shipping tracking): riding to the store until he
 * collects, then to the customer, moving along a straight line with the sandbox clock.
 */
function between(from: Coordinates, to: Coordinates, fraction: number): Coordinates {
  const f = Math.min(1, Math.max(0, fraction));
  return {
    latitude: Number((from.latitude + (to.latitude - from.latitude) * f).toFixed(6)),
    longitude: Number((from.longitude + (to.longitude - from.longitude) * f).toFixed(6)),
  };
}

export function trackingOf(order: OrderRecord, store: Coordinates, nowMs: number) {
  const driver = order.driver;
  const destination = order.detail.delivery?.deliveryAddress.coordinates;
  if (!driver || !destination) return undefined;
  const position =
    driver.collectedAtMs === undefined
      ? between(driver.origin, store, (nowMs - driver.assignedAtMs) / (driver.pickupEtaMs - driver.assignedAtMs))
      : between(store, destination, (nowMs - driver.collectedAtMs) / (driver.deliveryEtaMs - driver.collectedAtMs));
  const finished = order.detail.status === 'CONCLUDED';
  return {
    ...(finished ? destination : position),
    expectedDelivery: new Date(driver.deliveryEtaMs).toISOString(),
    pickupEtaStart: Math.round(((driver.collectedAtMs ?? driver.pickupEtaMs) - nowMs) / 1000),
    deliveryEtaEnd: Math.round((driver.deliveryEtaMs - nowMs) / 1000),
    trackDate: new Date(nowMs).toISOString(),
  };
}
