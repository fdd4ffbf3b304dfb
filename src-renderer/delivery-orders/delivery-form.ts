import {
  readCoordinates,
  type DeliveryAddressDraft,
  type DeliveryOrderDraft,
  type PAYMENT_METHODS,
  type PAYMENT_TYPES,
} from '../../src-shared/store-rules/delivery-order';
import { readMoney, readNumber } from '../lib/numbers';

/** The address boxes as typed; the coordinates are one box ("-23.56, -46.65", as a map app copies them). */
export interface AddressForm {
  postalCode: string;
  streetName: string;
  streetNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  reference: string;
  coordinates: string;
}

export interface ItemLine {
  name: string;
  quantity: string;
  unitPrice: string;
}

export interface DeliveryForm {
  customerName: string;
  phoneCountry: string;
  phoneArea: string;
  phoneNumber: string;
  address: AddressForm;
  items: ItemLine[];
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  paymentType: (typeof PAYMENT_TYPES)[number];
  cardBrand: string;
  merchantFee: string;
}

/** A Brazilian store's default: the country. */
export function emptyAddress(): AddressForm {
  return {
    postalCode: '',
    streetName: '',
    streetNumber: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    country: 'BR',
    reference: '',
    coordinates: '',
  };
}

export const emptyLine = (): ItemLine => ({ name: '', quantity: '1', unitPrice: '' });

export function emptyDeliveryForm(): DeliveryForm {
  return {
    customerName: '',
    phoneCountry: '55',
    phoneArea: '',
    phoneNumber: '',
    address: emptyAddress(),
    items: [emptyLine()],
    paymentMethod: 'CASH',
    paymentType: 'OFFLINE',
    cardBrand: '',
    merchantFee: '',
  };
}

export function addressDraftOf(form: AddressForm): DeliveryAddressDraft {
  const point = readCoordinates(form.coordinates);
  const { coordinates: _typed, ...rest } = form;
  return { ...rest, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}

export function deliveryDraftOf(form: DeliveryForm): DeliveryOrderDraft {
  return {
    customerName: form.customerName,
    phoneCountry: form.phoneCountry,
    phoneArea: form.phoneArea,
    phoneNumber: form.phoneNumber,
    address: addressDraftOf(form.address),
    items: form.items.map((line) => ({ name: line.name, quantity: readNumber(line.quantity), unitPrice: readMoney(line.unitPrice) })),
    paymentMethod: form.paymentMethod,
    paymentType: form.paymentType,
    cardBrand: form.cardBrand,
    merchantFee: readMoney(form.merchantFee),
  };
}
