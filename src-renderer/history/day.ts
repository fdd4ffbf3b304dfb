import { dayOf, dayRange } from '../../src-shared/local-day';

/**
 * Days as the store lives them: in the screen's time zone (the terminal stands in the store). A day
 * is `YYYY-MM-DD`; its range runs from local midnight to the next (23 or 25 hours on a DST change).
 * The kitchen's speed of service reads today's with the same rule.
 */
export { dayOf, dayRange };
