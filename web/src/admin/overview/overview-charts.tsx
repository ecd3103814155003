import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useAppliedTheme } from '../../ui/theme';

/**
 * The Overview's bar chart, Chart.js with only what a bar chart needs registered. This module
 * is loaded with a dynamic import from the Overview alone, so the chart code is its own chunk
 * that no customer screen downloads (docs/decisions/020-overview-charts.md).
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChartProps {
  labels: string[];
  values: number[];
  /** The series' name in the tooltip, e.g. 'Files'. */
  seriesLabel: string;
  /** The canvas's accessible name (a summary; the table beside it has every value). */
  ariaLabel: string;
  /** The bars' colour as a custom property of styles.css, e.g. '--chart-files' (per theme). */
  colorVar: `--${string}`;
  format: (value: number) => string;
  /** Whole numbers only on the value axis (counts). */
  integer?: boolean;
}

/** A CSS colour (custom properties and light-dark() included) as the browser computes it here. */
function resolvedColor(near: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  probe.hidden = true;
  near.parentElement?.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

export default function BarChart({
  labels,
  values,
  seriesLabel,
  ariaLabel,
  colorVar,
  format,
  integer,
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar', number[], string> | null>(null);
  // The tooltip and axis callbacks read the latest props without rebuilding the chart.
  const latest = useRef({ format, seriesLabel, labels, values });
  latest.current = { format, seriesLabel, labels, values };

  const theme = useAppliedTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours read from CSS in the effect change with the theme
  useEffect(() => {
    if (!canvas.current) return;
    // A canvas cannot read CSS: the theme's colours are resolved here, and the chart is drawn
    // again when the theme changes (bars 3:1, axis labels 4.5:1 in both themes).
    const color = resolvedColor(canvas.current, `var(${colorVar})`);
    const muted = resolvedColor(canvas.current, 'var(--muted)');
    const border = resolvedColor(canvas.current, 'var(--border)');
    const instance = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: latest.current.labels,
        datasets: [
          { label: seriesLabel, data: latest.current.values, backgroundColor: color, borderRadius: 3 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${latest.current.seriesLabel}: ${latest.current.format(Number(item.raw))}`,
            },
          },
        },
        scales: {
          x: {
            grid: { display: false },
            border: { color: border },
            ticks: { autoSkip: true, maxRotation: 0, color: muted },
          },
          y: {
            beginAtZero: true,
            grid: { color: border },
            border: { color: border },
            ticks: {
              color: muted,
              precision: integer ? 0 : undefined,
              callback: (value) => latest.current.format(Number(value)),
            },
          },
        },
      },
    });
    chart.current = instance;
    return () => {
      instance.destroy();
      chart.current = null;
    };
  }, [colorVar, seriesLabel, integer, theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.data.labels = labels;
    const dataset = instance.data.datasets[0];
    if (dataset) dataset.data = values;
    instance.update();
  }, [labels, values]);

  return (
    <div className="overview-chart-canvas">
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
    </div>
  );
}
