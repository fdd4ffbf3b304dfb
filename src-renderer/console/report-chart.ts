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

const NAME_MAX = 24;

/** A store's name on the chart's axis: long ones cut with an ellipsis (the table has them whole). */
export function axisName(name: string): string {
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
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
      labels: labels.map(axisName),
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
