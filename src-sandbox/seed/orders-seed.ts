import { createHash } from 'node:crypto';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from './stores';

/**
 * What the sandbox's orders are made of: a small menu per store (the grocery's products carry a
 * 12-digit UPC-A `ean`), customer names and delivery streets near the stores. Ids are derived from
 * names, so they stay the same across runs.
 */
export interface MenuOption {
  id: string;
  name: string;
  unitPrice: number;
}

export interface MenuItem {
  id: string;
  name: string;
  externalCode: string;
  ean?: string;
  unit: 'UN' | 'KG';
  unitPrice: number;
  options: MenuOption[];
}

/** A uuid (version-4 shaped) derived from a name: stable ids for seed records. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** UPC-A: 11 digits and a check digit (odd positions weigh 3). */
export function upcA(first11: string): string {
  if (!/^\d{11}$/.test(first11)) throw new RangeError('UPC-A needs 11 digits before the check digit');
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return first11 + String((10 - (sum % 10)) % 10);
}

export function isUpcA(code: string): boolean {
  return /^\d{12}$/.test(code) && upcA(code.slice(0, 11)) === code;
}

type Row = [name: string, price: number, options?: [string, number][], ean?: string, unit?: 'UN' | 'KG'];

function menu(store: string, prefix: string, rows: Row[]): MenuItem[] {
  return rows.map(([name, unitPrice, options = [], ean, unit = 'UN'], i) => ({
    id: stableUuid(`${store}/item/${name}`),
    name,
    externalCode: `${prefix}-${String(i + 1).padStart(3, '0')}`,
    ...(ean ? { ean } : {}),
    unit,
    unitPrice,
    options: options.map(([optionName, optionPrice]) => ({
      id: stableUuid(`${store}/option/${name}/${optionName}`),
      name: optionName,
      unitPrice: optionPrice,
    })),
  }));
}

export const seedMenus: Readonly<Record<string, readonly MenuItem[]>> = {
  [DEMO_RESTAURANT_ID]: menu(DEMO_RESTAURANT_ID, 'CAN', [
    ['Lasanha à bolonhesa', 49.9, [['Queijo extra', 6], ['Pão de alho', 8]]],
    ['Fettuccine Alfredo', 44.9, [['Frango grelhado', 9.9]]],
    ['Nhoque ao sugo', 39.9],
    ['Filé à parmegiana', 52, [['Arroz extra', 5], ['Fritas', 9]]],
    ['Tiramisù', 19.9],
    ['Refrigerante lata', 6.5],
    ['Suco natural de laranja', 9],
  ]),
  [DEMO_GROCERY_ID]: menu(DEMO_GROCERY_ID, 'MBP', [
    ['Arroz branco tipo 1 5kg', 27.9, [], upcA('07891000100')],
    ['Feijão carioca 1kg', 8.49, [], upcA('07891000200')],
    ['Leite integral 1L', 5.29, [], upcA('07891000300')],
    ['Café torrado e moído 500g', 18.9, [], upcA('07891000400')],
    ['Banana prata', 6.99, [], upcA('02000000500'), 'KG'],
    ['Pão francês', 15.9, [], upcA('02000000600'), 'KG'],
    ['Detergente líquido 500ml', 2.79, [], upcA('07891000700')],
    ['Água mineral 1,5L', 3.49, [], upcA('07891000800')],
    ['Azeite extra virgem 500ml', 34.9, [], upcA('07891000900')],
    ['Ovos brancos dúzia', 11.9, [], upcA('07891001000')],
  ]),
  [DEMO_PIZZERIA_ID]: menu(DEMO_PIZZERIA_ID, 'PFL', [
    ['Pizza margherita', 59, [['Borda recheada de catupiry', 12], ['Massa integral', 5]]],
    ['Pizza calabresa', 62, [['Borda recheada de catupiry', 12]]],
    ['Pizza quatro queijos', 68],
    ['Pizza portuguesa', 66, [['Sem cebola', 0]]],
    ['Calzone', 48],
    ['Guaraná 2L', 14],
    ['Cerveja long neck', 11],
  ]),
  [OTHER_BAKERY_ID]: menu(OTHER_BAKERY_ID, 'PPQ', [
    ['Pão na chapa', 7.5],
    ['Café com leite', 6],
    ['Misto quente', 12, [['Ovo', 3]]],
    ['Bolo de cenoura (fatia)', 9.5],
    ['Suco de laranja', 9],
  ]),
};

export const seedCustomerNames: readonly string[] = [
  'Ana Souza',
  'Bruno Lima',
  'Carla Mendes',
  'Diego Rocha',
  'Eduarda Alves',
  'Felipe Nunes',
  'Gabriela Costa',
  'Henrique Dias',
  'Isabela Martins',
  'João Pereira',
  'Larissa Gomes',
  'Marcos Ribeiro',
  'Natália Freitas',
  'Otávio Barros',
  'Paula Cardoso',
  'Rafael Teixeira',
];

export const seedStreets: readonly { streetName: string; neighborhood: string; postalCode: string }[] = [
  { streetName: 'Rua Fradique Coutinho', neighborhood: 'Pinheiros', postalCode: '05416-011' },
  { streetName: 'Rua Girassol', neighborhood: 'Vila Madalena', postalCode: '05433-001' },
  { streetName: 'Rua Cardeal Arcoverde', neighborhood: 'Pinheiros', postalCode: '05407-002' },
  { streetName: 'Rua Turiassu', neighborhood: 'Perdizes', postalCode: '05005-001' },
  { streetName: 'Rua Aimberê', neighborhood: 'Perdizes', postalCode: '05018-010' },
  { streetName: 'Rua Wanderley', neighborhood: 'Perdizes', postalCode: '05011-001' },
  { streetName: 'Rua Heitor Penteado', neighborhood: 'Sumarezinho', postalCode: '05438-000' },
  { streetName: 'Rua Oscar Freire', neighborhood: 'Jardim Paulista', postalCode: '01426-001' },
];

export const seedItemNotes: readonly string[] = ['Sem cebola, por favor', 'Bem passado', 'Caprichar no molho', 'Sem gelo'];
export const seedDeliveryNotes: readonly string[] = ['Interfone 12', 'Deixar na portaria', 'Casa de portão azul', 'Ligar ao chegar'];
export const seedDriverNames: readonly string[] = ['Carlos Silva', 'Jéssica Oliveira', 'Marcelo Santos', 'Vanessa Moura', 'Rodrigo Araújo'];
