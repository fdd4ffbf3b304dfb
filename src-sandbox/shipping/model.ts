import type { Coordinates } from '../orders/model';

/** Shipping records (spec §2.1, §4.1): quotes, and what the shipping module knows of an order. */
export interface Quote {
  id: string;
  /** ORDER: style A, quoted for an order on the platform; MERCHANT: style B, for a store and a point. */
  kind: 'ORDER' | 'MERCHANT';
  merchantId: string;
  orderId?: string;
  destination: Coordinates;
  expiresAtMs: number;
  /** The order that spent this quote (a quote is used once). */
  usedBy?: string;
  /** What the route answered. */
  wire: Record<string, unknown>;
}

export interface AddressChange {
  requestedBy: 'CUSTOMER' | 'MERCHANT';
  address: Record<string, unknown> & { coordinates: Coordinates };
  status: 'PENDING' | 'ACCEPTED' | 'DENIED';
  /** The customer's request: the store answers before this. */
  expiresAtMs?: number;
}

export interface SafeDeliveryRules {
  customer_address_change_requested: boolean;
  customer_address_confirmed: boolean;
  customer_phone_is_fixed: boolean;
  customer_phone_valid: boolean;
  merchant_address_change_approved: boolean;
  merchant_address_change_denied: boolean;
}

export interface ShippingRecord {
  orderId: string;
  /** A: a driver requested for a platform order; B: a delivery-only order registered by the merchant. */
  style: 'A' | 'B';
  driverRequest?: { quoteId: string; status: 'REQUESTED' | 'ASSIGNED' | 'CANCELLED' | 'FAILED' };
  addressChange?: AddressChange;
  rules: SafeDeliveryRules;
}

export function freshRules(phone?: { areaCode: string; number: string }): SafeDeliveryRules {
  const digits = phone ? `${phone.areaCode}${phone.number}`.replace(/\D/g, '') : '';
  const local = phone ? phone.number.replace(/\D/g, '') : '';
  return {
    customer_address_change_requested: false,
    customer_address_confirmed: false,
    // Brazilian mobile numbers have 9 digits starting with 9; 8 digits is a landline.
    customer_phone_is_fixed: phone ? local.length === 8 : false,
    customer_phone_valid: phone ? digits.length >= 10 && digits.length <= 11 : true,
    merchant_address_change_approved: false,
    merchant_address_change_denied: false,
  };
}
