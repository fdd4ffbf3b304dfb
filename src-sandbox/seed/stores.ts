/**
 * The demo world's stores. Ids are fixed so that docs, tests and integrators can name them.
 * `demo` sees a restaurant, a grocery and a second restaurant; `other` owns a bakery of its own;
 * `partner` is a distributed application that owns nothing and reaches only the stores whose
 * merchants authorized it (spec §5 item 5; the authorization-code flow, docs/sandbox-auth.md).
 */
export interface SeedStore {
  id: string;
  owner: string;
  name: string;
  corporateName: string;
  description: string;
  averageTicket: number;
  exclusive: boolean;
  type: 'RESTAURANT' | 'GROCERY';
  createdAt: string;
  address: {
    street: string;
    number: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    district: string;
    latitude: number;
    longitude: number;
  };
  operations: { name: 'DELIVERY' | 'TAKEOUT' | 'INDOOR'; salesChannels: { name: string; enabled: boolean }[] }[];
}

export const DEMO_RESTAURANT_ID = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
export const DEMO_GROCERY_ID = '7b2e9d41-3c5a-4f68-8d1e-2f3a4b5c6d72';
export const DEMO_PIZZERIA_ID = '9c3f0e52-4d6b-4a79-9e2f-3a4b5c6d7e83';
export const OTHER_BAKERY_ID = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';

const allChannels = (enabled: readonly string[]) =>
  ['MARKETPLACE', 'WHATSAPP', 'DIGITAL_CATALOG', 'TOTEM'].map((name) => ({ name, enabled: enabled.includes(name) }));

export const seedStores: readonly SeedStore[] = [
  {
    id: DEMO_RESTAURANT_ID,
    owner: 'demo',
    name: 'Cantina da Vila',
    corporateName: 'Cantina da Vila Restaurante Ltda',
    description: 'Massas frescas, pratos executivos e sobremesas da casa.',
    averageTicket: 58.9,
    exclusive: false,
    type: 'RESTAURANT',
    createdAt: '2021-03-14T10:20:00',
    address: {
      street: 'Rua Harmonia',
      number: '412',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '05435-000',
      country: 'BR',
      district: 'Vila Madalena',
      latitude: -23.5558,
      longitude: -46.6896,
    },
    operations: [
      { name: 'DELIVERY', salesChannels: allChannels(['MARKETPLACE', 'WHATSAPP']) },
      { name: 'TAKEOUT', salesChannels: allChannels(['MARKETPLACE']) },
    ],
  },
  {
    id: DEMO_GROCERY_ID,
    owner: 'demo',
    name: 'Mercado Bom Preço',
    corporateName: 'Bom Preço Comércio de Alimentos Ltda',
    description: 'Mercearia de bairro: hortifrúti, padaria, bebidas e limpeza.',
    averageTicket: 112.4,
    exclusive: true,
    type: 'GROCERY',
    createdAt: '2019-08-02T08:00:00',
    address: {
      street: 'Avenida Pompeia',
      number: '1780',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '05022-001',
      country: 'BR',
      district: 'Pompeia',
      latitude: -23.5351,
      longitude: -46.6842,
    },
    operations: [
      { name: 'DELIVERY', salesChannels: allChannels(['MARKETPLACE', 'DIGITAL_CATALOG']) },
      { name: 'TAKEOUT', salesChannels: allChannels(['MARKETPLACE', 'TOTEM']) },
    ],
  },
  {
    id: DEMO_PIZZERIA_ID,
    owner: 'demo',
    name: 'Pizzaria Forno a Lenha',
    corporateName: 'Forno a Lenha Pizzas Eireli',
    description: 'Pizzas de fermentação natural assadas no forno a lenha.',
    averageTicket: 74.5,
    exclusive: false,
    type: 'RESTAURANT',
    createdAt: '2022-11-30T18:45:00',
    address: {
      street: 'Rua dos Pinheiros',
      number: '95',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '05422-010',
      country: 'BR',
      district: 'Pinheiros',
      latitude: -23.5629,
      longitude: -46.6823,
    },
    operations: [{ name: 'DELIVERY', salesChannels: allChannels(['MARKETPLACE']) }],
  },
  {
    id: OTHER_BAKERY_ID,
    owner: 'other',
    name: 'Padaria Pão Quente',
    corporateName: 'Pão Quente Panificadora Ltda',
    description: 'Pães, bolos e cafés da manhã.',
    averageTicket: 31.2,
    exclusive: false,
    type: 'RESTAURANT',
    createdAt: '2020-01-10T06:00:00',
    address: {
      street: 'Rua Augusta',
      number: '2003',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01413-000',
      country: 'BR',
      district: 'Cerqueira César',
      latitude: -23.5617,
      longitude: -46.6618,
    },
    operations: [
      { name: 'DELIVERY', salesChannels: allChannels(['MARKETPLACE']) },
      { name: 'TAKEOUT', salesChannels: allChannels(['MARKETPLACE']) },
    ],
  },
];

export interface SeedApplication {
  clientId: string;
  clientSecret: string;
  type: 'CENTRALIZED' | 'DISTRIBUTED';
}

export const seedApplications: readonly SeedApplication[] = [
  { clientId: 'demo', clientSecret: 'demo-secret', type: 'CENTRALIZED' },
  { clientId: 'other', clientSecret: 'other-secret', type: 'CENTRALIZED' },
  { clientId: 'partner', clientSecret: 'partner-secret', type: 'DISTRIBUTED' },
];
