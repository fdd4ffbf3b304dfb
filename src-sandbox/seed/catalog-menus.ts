import type { CatalogStatus } from '../catalog/model';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from './stores';

/**
 * The seeded menus, written compactly (seed/catalog.ts turns them into records). Each store shows
 * every restriction reason somewhere: a paused category, a paused item, an item without price, a
 * required option group whose options are all paused; and a WHITELABEL price or status override.
 */

export interface MenuOption {
  code: string;
  name: string;
  price: number;
  status?: CatalogStatus;
}

export interface MenuGroup {
  name: string;
  min: number;
  max: number;
  options: MenuOption[];
}

export interface MenuItem {
  code: string;
  name: string;
  description?: string;
  /** Omitted: the item has no price. */
  price?: number;
  status?: CatalogStatus;
  whitelabel?: { price?: number; status?: CatalogStatus };
  groups?: MenuGroup[];
  /** Maximum sellable quantity (inventory). */
  stock?: number;
}

export interface MenuCategory {
  name: string;
  status?: CatalogStatus;
  items: MenuItem[];
}

const drinks = (prefix: string): MenuCategory => ({
  name: 'Bebidas',
  items: [
    {
      code: `${prefix}-BEB-01`,
      name: 'Refrigerante lata 350 ml',
      price: 7,
      groups: [
        {
          name: 'Sabor',
          min: 1,
          max: 1,
          options: [
            { code: `${prefix}-SAB-COLA`, name: 'Cola', price: 0 },
            { code: `${prefix}-SAB-GUAR`, name: 'Guaraná', price: 0 },
            { code: `${prefix}-SAB-LARA`, name: 'Laranja', price: 0, status: 'UNAVAILABLE' },
          ],
        },
      ],
    },
    { code: `${prefix}-BEB-02`, name: 'Suco natural 500 ml', description: 'Laranja, limão ou maracujá.', price: 11 },
    { code: `${prefix}-BEB-03`, name: 'Água mineral 500 ml', price: 5, whitelabel: { price: 4.5 } },
  ],
});

export const seedMenus: Readonly<Record<string, MenuCategory[]>> = {
  [DEMO_RESTAURANT_ID]: [
    {
      name: 'Massas',
      items: [
        { code: 'CV-MAS-01', name: 'Lasanha à bolonhesa', description: 'Massa fresca, ragu de carne e molho branco.', price: 49.9 },
        { code: 'CV-MAS-02', name: 'Espaguete ao sugo', price: 39.9, whitelabel: { price: 37.9 } },
        {
          code: 'CV-MAS-03',
          name: 'Nhoque de batata',
          price: 42.5,
          groups: [
            {
              name: 'Molho',
              min: 1,
              max: 1,
              options: [
                { code: 'CV-MOL-SUGO', name: 'Sugo', price: 0 },
                { code: 'CV-MOL-4Q', name: 'Quatro queijos', price: 6 },
                { code: 'CV-MOL-PEST', name: 'Pesto', price: 5 },
              ],
            },
          ],
        },
        { code: 'CV-MAS-04', name: 'Fettuccine Alfredo', price: 45 },
      ],
    },
    {
      name: 'Pratos executivos',
      items: [
        {
          code: 'CV-EXE-01',
          name: 'Filé de frango grelhado',
          price: 34.9,
          groups: [
            {
              name: 'Acompanhamentos',
              min: 1,
              max: 2,
              options: [
                { code: 'CV-ACO-ARRZ', name: 'Arroz', price: 0 },
                { code: 'CV-ACO-SALA', name: 'Salada', price: 0 },
                { code: 'CV-ACO-FRIT', name: 'Fritas', price: 4 },
              ],
            },
          ],
        },
        { code: 'CV-EXE-02', name: 'Bife à parmegiana', price: 44.9 },
      ],
    },
    {
      name: 'Sobremesas',
      items: [
        { code: 'CV-SOB-01', name: 'Tiramisù', price: 19.9 },
        { code: 'CV-SOB-02', name: 'Pudim de leite', price: 14.9, status: 'UNAVAILABLE' },
        { code: 'CV-SOB-03', name: 'Torta do dia', description: 'Preço a definir.' },
      ],
    },
    drinks('CV'),
    { name: 'Vinhos', status: 'UNAVAILABLE', items: [{ code: 'CV-VIN-01', name: 'Vinho tinto (taça)', price: 24 }] },
  ],
  [DEMO_GROCERY_ID]: [
    {
      name: 'Hortifrúti',
      items: [
        { code: 'BP-HOR-01', name: 'Banana prata (kg)', price: 6.99, stock: 50 },
        { code: 'BP-HOR-02', name: 'Tomate italiano (kg)', price: 8.49 },
        { code: 'BP-HOR-03', name: 'Alface crespa (un)', price: 3.99 },
      ],
    },
    {
      name: 'Mercearia',
      items: [
        { code: 'BP-MER-01', name: 'Arroz branco 5 kg', price: 27.9 },
        { code: 'BP-MER-02', name: 'Feijão carioca 1 kg', price: 8.99 },
        { code: 'BP-MER-03', name: 'Café torrado e moído 500 g', price: 17.9, stock: 0 },
        { code: 'BP-MER-04', name: 'Leite integral 1 L', price: 5.49, whitelabel: { status: 'UNAVAILABLE' } },
      ],
    },
    {
      name: 'Bebidas',
      items: [
        { code: 'BP-BEB-01', name: 'Refrigerante cola 2 L', price: 11.99 },
        { code: 'BP-BEB-02', name: 'Água mineral 1,5 L', price: 3.49 },
        { code: 'BP-BEB-03', name: 'Cerveja lata 350 ml', price: 4.99, status: 'UNAVAILABLE' },
      ],
    },
    {
      name: 'Limpeza',
      items: [
        { code: 'BP-LIM-01', name: 'Detergente 500 ml', price: 2.79 },
        { code: 'BP-LIM-02', name: 'Sabão em pó 1 kg', price: 18.9 },
        { code: 'BP-LIM-03', name: 'Amaciante 2 L' },
      ],
    },
    { name: 'Padaria', status: 'UNAVAILABLE', items: [{ code: 'BP-PAD-01', name: 'Pão francês (un)', price: 0.9 }] },
  ],
  [DEMO_PIZZERIA_ID]: [
    {
      name: 'Pizzas salgadas',
      items: ['Margherita:59', 'Calabresa:62', 'Quatro queijos:68', 'Portuguesa:66'].map((entry, i) => {
        const [name = '', price = '0'] = entry.split(':');
        return {
          code: `FL-PIZ-0${i + 1}`,
          name: `Pizza ${name}`,
          price: Number(price),
          groups: [
            {
              name: 'Borda recheada',
              min: 0,
              max: 1,
              options: [
                { code: `FL-BOR-CAT-${i}`, name: 'Catupiry', price: 8 },
                { code: `FL-BOR-CHE-${i}`, name: 'Cheddar', price: 8 },
              ],
            },
          ],
        };
      }),
    },
    {
      name: 'Especiais',
      items: [
        {
          code: 'FL-ESP-01',
          name: 'Pizza do chef',
          price: 79,
          groups: [
            {
              name: 'Sabor do dia',
              min: 1,
              max: 1,
              options: [
                { code: 'FL-DIA-01', name: 'Burrata e tomate confit', price: 0, status: 'UNAVAILABLE' },
                { code: 'FL-DIA-02', name: 'Cogumelos e trufa', price: 0, status: 'UNAVAILABLE' },
              ],
            },
          ],
        },
      ],
    },
    { name: 'Pizzas doces', items: [{ code: 'FL-DOC-01', name: 'Pizza de chocolate', price: 55 }] },
    drinks('FL'),
  ],
  [OTHER_BAKERY_ID]: [
    {
      name: 'Pães e salgados',
      items: [
        { code: 'PQ-PAO-01', name: 'Pão de queijo (6 un)', price: 12 },
        { code: 'PQ-PAO-02', name: 'Croissant', price: 9 },
      ],
    },
    {
      name: 'Cafés',
      items: [
        { code: 'PQ-CAF-01', name: 'Espresso', price: 6 },
        { code: 'PQ-CAF-02', name: 'Cappuccino', price: 9.5 },
      ],
    },
  ],
};
