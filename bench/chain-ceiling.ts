/**
 * How far one credential goes, on paper (docs/chain-server.md § How far one credential goes): the
 * platform's limits per application (spec §8, §6) against the chain bench's pace and what it measured.
 * Every figure here is arithmetic on the spec's numbers and the bench's; nothing is timed here.
 */

/** Spec §8: GET /events:polling and POST /events/acknowledgment, 6,000 requests a minute (per application). */
export const POLLS_PER_MINUTE = 6000;
/** Spec §6, §8: a poll's default limit. */
export const EVENTS_PER_POLL = 100;
/** Spec §8: GET /orders/{id} — the chain fetches each new order's detail once. */
export const DETAILS_PER_MINUTE = 3000;
/** Spec §8: POST /orders/{id}/confirm (and each other action route), 3,000 a minute each. */
export const CONFIRMS_PER_MINUTE = 3000;

export interface CeilingInput {
  /** Events an order makes over its life (the bench's: PLC CFM ADR GTO AAO CLT DSP AAD CON). */
  eventsPerOrder: number;
  /** A store's orders an hour at the lunch peak. */
  ordersPerHourPerStore: number;
  stores: number;
  /** Events a second the leader stored when given a backlog (the bench's burst). */
  leaderEventsPerSecond: number;
}

export interface Ceiling {
  lines: string[];
  values: Record<string, number>;
}

const n = (value: number): string => Math.round(value).toLocaleString('en-US');

export function ceiling(input: CeilingInput): Ceiling {
  const { eventsPerOrder: e, ordersPerHourPerStore: perStore, stores, leaderEventsPerSecond } = input;
  const eventsPerMinute = POLLS_PER_MINUTE * EVENTS_PER_POLL;
  // A conservative reading of §8: polls and acknowledgments share one budget, one of each a cycle.
  const eventsPerMinuteShared = (POLLS_PER_MINUTE / 2) * EVENTS_PER_POLL;
  const ordersPerMinuteByEvents = eventsPerMinute / e;
  const storesByEvents = (ordersPerMinuteByEvents * 60) / perStore;
  const storesByEventsShared = ((eventsPerMinuteShared / e) * 60) / perStore;
  const ordersPerMinuteByDetails = Math.min(DETAILS_PER_MINUTE, CONFIRMS_PER_MINUTE);
  const storesByDetails = (ordersPerMinuteByDetails * 60) / perStore;
  const leaderOrdersPerMinute = (leaderEventsPerSecond * 60) / e;
  const storesByLeader = (leaderOrdersPerMinute * 60) / perStore;
  const paceEventsPerMinute = (stores * perStore * e) / 60;
  const wall = Math.min(storesByDetails, storesByLeader);
  const lines = [
    `one credential: ${n(POLLS_PER_MINUTE)} polls/min × ${EVENTS_PER_POLL} events/poll = ${n(eventsPerMinute)} events/min (${n(eventsPerMinute / 60)}/s); ` +
      `read as one budget shared with the acknowledgments, ${n(eventsPerMinuteShared)} events/min`,
    `at ${e} events an order and ${perStore} orders/h a store at the lunch peak: ${n(ordersPerMinuteByEvents)} orders/min, ${n(storesByEvents)} stores by the event ceiling ` +
      `(${n(storesByEventsShared)} on the shared reading)`,
    `the bench's chain: ${stores} stores × ${perStore} orders/h × ${e} events = ${n(paceEventsPerMinute)} events/min, ` +
      `${((paceEventsPerMinute / eventsPerMinute) * 100).toFixed(2)}% of the ceiling; one poll a second carries it (${(paceEventsPerMinute / 60).toFixed(0)} events a poll, under ${EVENTS_PER_POLL})`,
    `the platform's next wall comes first: each new order's detail (GET /orders/{id}) and its confirm are ${n(DETAILS_PER_MINUTE)}/min each → ` +
      `${n(ordersPerMinuteByDetails)} new orders/min → ${n(storesByDetails)} stores at ${perStore} orders/h`,
    `this server's wall: one leader per credential stored ${n(leaderEventsPerSecond)} events/s from a backlog (measured) → ${n(leaderOrdersPerMinute)} orders/min → ${n(storesByLeader)} stores at ${perStore} orders/h`,
    `so one credential carries about ${n(wall)} such stores (${storesByLeader < storesByDetails ? 'this server’s single leader' : 'the platform’s detail and confirm limits'} first); ` +
      'past that: a second credential (a second application) per group of stores, each with its own leader',
  ];
  return {
    lines,
    values: {
      ceiling_events_per_min: eventsPerMinute,
      stores_by_event_ceiling: storesByEvents,
      stores_by_detail_limit: storesByDetails,
      stores_by_measured_leader: storesByLeader,
      stores_one_credential: wall,
    },
  };
}
