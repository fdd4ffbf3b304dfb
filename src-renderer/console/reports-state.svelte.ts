import type { Report, ReportQuery } from '../../src-shared/console/console-api';
import type { ConsoleClient, ConsoleFailure } from './console-client';
import { reportQuery, type ReportPreset } from './report-periods';
import { leaderboard, nextSort, sortRows, totalRow, type LeaderRow, type ReportColumn, type ReportSort } from './report-view';

/**
 * The Reports page: the period chosen (a preset, compared with the period before or not), the
 * report read for it, and the leaderboard's order. Periods count from the server's now on the
 * browser's calendar. The read asked last owns what is shown: a slow answer for the period chosen
 * before never lands on the one chosen now.
 */
export class ReportsState {
  preset = $state<ReportPreset>('today');
  compare = $state(false);
  sort = $state.raw<ReportSort>({ column: 'orders', direction: 'descending' });
  /** The query of the report shown (or being read): the CSV link asks the same. */
  asked = $state.raw<ReportQuery | null>(null);
  report = $state.raw<Report | null>(null);
  error = $state.raw<ConsoleFailure | null>(null);
  loading = $state(false);

  /** Every store of the report, in the server's order. */
  readonly all: LeaderRow[] = $derived(leaderboard(this.report));
  /** The leaderboard in the order chosen. */
  readonly rows: LeaderRow[] = $derived(sortRows(this.all, this.sort));
  /** The chain's totals over the period asked and the earlier one (null when not compared). */
  readonly totals = $derived({
    now: totalRow(this.all.map((r) => r.now)),
    before: this.report && this.report.periods.length > 1 ? totalRow(this.all.flatMap((r) => (r.before ? [r.before] : []))) : null,
  });

  #ticket = 0;

  constructor(
    private readonly client: ConsoleClient,
    private readonly now: { read(): number },
    private readonly session: { ended(why: ConsoleFailure): void },
  ) {}

  /** Reads the report of the period chosen, as of now. */
  async load(): Promise<void> {
    const query = reportQuery(this.preset, this.compare, this.now.read());
    const ticket = ++this.#ticket;
    this.asked = query;
    this.report = null;
    this.error = null;
    this.loading = true;
    const answer = await this.client.report(query);
    if (ticket !== this.#ticket) return;
    this.loading = false;
    if (answer.ok) this.report = answer.value;
    else if (answer.error.kind === 'unauthenticated') this.session.ended(answer.error);
    else this.error = answer.error;
  }

  /** A preset chosen: "this week" is read against last week. */
  choose(preset: ReportPreset): Promise<void> {
    this.preset = preset;
    if (preset === 'week') this.compare = true;
    return this.load();
  }

  setCompare(compare: boolean): Promise<void> {
    this.compare = compare;
    return this.load();
  }

  sortBy(column: ReportColumn): void {
    this.sort = nextSort(this.sort, column);
  }

  /** Forgets the report (signed out); a read still out is dropped when it answers. */
  forget(): void {
    this.#ticket++;
    this.asked = null;
    this.report = null;
    this.error = null;
    this.loading = false;
  }
}
