import { stableUuid } from './ids';
import { DEMO_RESTAURANT_ID, seedStores, type SeedStore } from './stores';

/**
 * A chain's branches on the demo application: a chain runs hundreds of stores on one centralized
 * credential (spec §5 item 5), which is what the chain server serves. Each branch is a copy of
 * Cantina da Vila (its menu and hours are given by World.addBranches), numbered from 1, its id
 * derived from the number so that branch 17 has the same id after every reset and in every run.
 * `POST /_sandbox/stores {count}` adds them; a reset takes them away again.
 */
export const MAX_BRANCHES = 1000;

/** The store a branch copies: its menu, hours, operations and sales channels. */
export const BRANCH_TEMPLATE_ID = DEMO_RESTAURANT_ID;

const DISTRICTS = [
  ['Pinheiros', '05422-000', -23.5629, -46.6823],
  ['Moema', '04077-000', -23.6008, -46.6658],
  ['Tatuapé', '03307-000', -23.5403, -46.5763],
  ['Santana', '02012-000', -23.5022, -46.6254],
  ['Butantã', '05503-000', -23.5712, -46.7085],
  ['Saúde', '04143-000', -23.6185, -46.6395],
  ['Lapa', '05065-000', -23.5235, -46.7028],
  ['Ipiranga', '04216-000', -23.5869, -46.6089],
] as const;

export function branchId(n: number): string {
  return stableUuid(`store/branch/${n}`);
}

/** Branch `n` (1 to MAX_BRANCHES) of the demo chain. */
export function chainBranch(n: number): SeedStore {
  const template = seedStores.find((s) => s.id === BRANCH_TEMPLATE_ID);
  if (!template || !Number.isInteger(n) || n < 1 || n > MAX_BRANCHES) throw new RangeError(`branch ${n} is not 1 to ${MAX_BRANCHES}`);
  const [district, postalCode, latitude, longitude] = DISTRICTS[n % DISTRICTS.length] ?? DISTRICTS[0];
  const unit = String(n).padStart(3, '0');
  // A few hundred metres apart within the district, the same for a branch in every run.
  const offset = ((n * 7919) % 100) / 10_000;
  return {
    ...structuredClone(template),
    id: branchId(n),
    name: `${template.name} — Unidade ${unit}`,
    corporateName: `${template.corporateName} (filial ${unit})`,
    createdAt: '2024-06-01T10:00:00',
    address: {
      ...template.address,
      street: 'Rua da Filial',
      number: String(100 + n),
      district,
      postalCode,
      latitude: Number((latitude + offset).toFixed(4)),
      longitude: Number((longitude - offset).toFixed(4)),
    },
  };
}
