import { EVENT_CODES, type EventCode } from '../../src-shared/wire/events';

/**
 * Event codes as the platform uses them (docs/merchant-api.md): the short `code` and the
 * `fullCode` that every emitted event carries.
 */
export const EVENT_FULL_CODES = EVENT_CODES;

export type { EventCode };
