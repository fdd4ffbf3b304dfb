import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only what a bar chart draws: the page's bundle carries these, not chart.js whole.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** One series of bars (a period): its name in the legend and a value per label. */
export interface BarSeries {
  label: string;
  values: number[];
}

/** The page's colours and font, read from its stylesheet (a canvas cannot use CSS variables). */
export interface ChartTheme {
  text: string;
  muted: string;
  line: string;
  /** The period asked, then the earlier one. */
  bars: [string, string];
  font: string;
}

const LINE_MAX = 18;
const LINES_MAX = 3;

/**
 * A store's name on the chart's axis, in lines of a few words: a chain's stores often share the
 * start of their names ("Cantina da Vila — Unidade 004"), so the end that tells them apart stays.
 * A name past three lines is cut with an ellipsis (the table has it whole).
 */
export function axisLines(name: string): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LINE_MAX) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= LINES_MAX) return lines;
  const kept = lines.slice(0, LINES_MAX);
  kept[LINES_MAX - 1] = `${kept[LINES_MAX - 1] ?? ''}…`;
  return kept;
}

/** How tall the chart is for `bars` labels of `series` bars each: room for each label's lines, whatever their number. */
export function chartHeight(bars: number, series: number): number {
  return 70 + bars * Math.max(48, 18 * series + 16);
}

/**
 * Horizontal bars, one row per label, a bar per series; no animation (a report is read, not
 * watched, and a manager who asks the system for less motion gets none). The caller destroys it.
 */
export function barChart(canvas: HTMLCanvasElement, labels: string[], series: BarSeries[], theme: ChartTheme): Chart<'bar'> {
  const font = { family: theme.font, size: 13 };
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: labels.map(axisLines),
      datasets: series.map((s, i) => ({ label: s.label, data: s.values, backgroundColor: theme.bars[i % 2], borderRadius: 3, maxBarThickness: 18 })),
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: theme.text,
      font,
      plugins: {
        legend: { display: series.length > 1, position: 'top', labels: { color: theme.text, font, boxWidth: 14 } },
        tooltip: { callbacks: { title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '' } },
      },
      scales: {
        x: { beginAtZero: true, ticks: { color: theme.muted, font, precision: 0 }, grid: { color: theme.line } },
        y: { ticks: { color: theme.text, font, autoSkip: false }, grid: { display: false } },
      },
    },
  });
}
