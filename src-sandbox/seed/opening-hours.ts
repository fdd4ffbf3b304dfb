import type { ShiftInput } from '../merchant/opening-hours';
import { DAYS_OF_WEEK, type DayOfWeek } from '../merchant/store-time';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from './stores';

/**
 * Seeded opening hours (store time, UTC-03:00). The restaurant never closes, so the demo always has
 * an OK store; the others keep realistic hours, and the pizzeria's dinner shift crosses midnight.
 */
const every = (days: readonly DayOfWeek[], start: string, duration: number): ShiftInput[] => days.map((dayOfWeek) => ({ dayOfWeek, start, duration }));

const exceptSunday = DAYS_OF_WEEK.filter((d) => d !== 'SUNDAY');
const exceptMonday = DAYS_OF_WEEK.filter((d) => d !== 'MONDAY');

export const seedOpeningHours: Readonly<Record<string, readonly ShiftInput[]>> = {
  [DEMO_RESTAURANT_ID]: every(DAYS_OF_WEEK, '00:00:00', 1440),
  [DEMO_GROCERY_ID]: [...every(exceptSunday, '06:00:00', 1020), ...every(['SUNDAY'], '07:00:00', 900)],
  [DEMO_PIZZERIA_ID]: [...every(exceptMonday, '11:00:00', 240), ...every(DAYS_OF_WEEK, '17:00:00', 480)],
  [OTHER_BAKERY_ID]: every(DAYS_OF_WEEK, '05:30:00', 1050),
};

/** When the seeded shifts were "created". */
export const SEED_HOURS_CREATED_AT = '2024-01-15T12:00:00.000Z';
