import { z } from 'zod';

/**
 * Request bodies of the shipping module (spec §4.1). The spec does not say which register fields
 * are mandatory "beyond the sample"; the sandbox requires what a delivery cannot do without
 * (customer, phone, quote, address with coordinates, items, payments) and takes merchantFee,
 * phone type, item price/optionsPrice and card as optional.
 */
const text = z.string().trim().min(1).max(255);
const twoLetters = z.string().regex(/^[A-Za-z]{2}$/, 'duas letras');
const amount = z.number().finite().nonnegative();

export const Coordinates = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const AddressChangeBody = z.object({
  streetNumber: z.string().max(50).optional(),
  streetName: text,
  complement: z.string().max(255).optional(),
  neighborhood: text,
  city: text,
  state: twoLetters,
  country: twoLetters,
  reference: z.string().max(255).optional(),
  coordinates: Coordinates,
});
export type AddressChangeBody = z.infer<typeof AddressChangeBody>;

export const RegisterOrderBody = z.object({
  customer: z.object({
    name: text,
    phone: z.object({
      countryCode: z.string().regex(/^\+?\d{1,3}$/, 'digits'),
      areaCode: z.string().regex(/^\d{2,3}$/, 'digits'),
      number: z.string().regex(/^[\d -]{6,15}$/, 'digits'),
      type: z.string().max(30).optional(),
    }),
  }),
  delivery: z.object({
    merchantFee: amount.optional(),
    quoteId: z.guid(),
    deliveryAddress: z.object({
      postalCode: text,
      streetNumber: text,
      streetName: text,
      neighborhood: text,
      city: text,
      state: twoLetters,
      country: twoLetters,
      complement: z.string().max(255).optional(),
      reference: z.string().max(255).optional(),
      coordinates: Coordinates,
    }),
  }),
  items: z
    .array(
      z.object({
        id: text,
        name: text,
        quantity: z.number().int().positive().max(999),
        unitPrice: amount,
        price: amount.optional(),
        optionsPrice: amount.optional(),
        totalPrice: amount,
      }),
    )
    .min(1)
    .max(200),
  payments: z.object({
    methods: z
      .array(
        z.object({
          method: text,
          type: text,
          value: amount,
          card: z.object({ brand: text }).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
});
export type RegisterOrderBody = z.infer<typeof RegisterOrderBody>;

export const RequestDriverBody = z.object({ quoteId: z.guid() });

export const CancelBody = z.object({ reason: text, cancellationCode: z.number().int() });
