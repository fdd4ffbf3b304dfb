/**
 * What the sandbox's orders are made of besides the store's menu (which comes from the catalog):
 * customer names, delivery streets near the stores, notes, driver names.
 */
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
