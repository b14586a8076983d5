// A bar per label, stacked by series, drawn in SVG (no chart library, no inline style: the
// gateway's CSP allows none). The figure's text alternative is the table beside it.
export interface Bar {
  readonly label: string;
  readonly parts: ReadonlyArray<{ readonly series: string; readonly value: number }>;
}

// Distinct on white and for the common colour-vision deficiencies (Okabe–Ito).
const PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#000000', '#f0e442'];

const WIDTH = 640;
const BARS_HEIGHT = 190;
const AXIS = 28;
// Labels run downwards from their bar, so none is cut at the chart's sides however long; their
// room fits the longest at a phone's text size (styles.css enlarges .tick there, where the
// 640-unit chart is drawn about 350 px wide: some 12 units a character).
const UNITS_PER_CHARACTER = 12;
// More bars than this and a phone shows every other label: all of them would overlap.
const LABELLED_ON_A_PHONE = 8;

export function StackedBarChart({ bars, title }: { bars: readonly Bar[]; title: string }) {
  const series = [...new Set(bars.flatMap((bar) => bar.parts.map((part) => part.series)))];
  const colourOf = (name: string) => PALETTE[series.indexOf(name) % PALETTE.length]!;
  const highest = Math.max(1, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0)));
  const slot = (WIDTH - AXIS) / Math.max(1, bars.length);
  const labelRoom = 16 + UNITS_PER_CHARACTER * Math.max(0, ...bars.map((bar) => bar.label.length));
  const scale = (BARS_HEIGHT - AXIS) / highest;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${BARS_HEIGHT + labelRoom}`}
        role="img"
        aria-label={`${title} (the table below has the numbers)`}
      >
        <line x1={AXIS} y1={BARS_HEIGHT} x2={WIDTH} y2={BARS_HEIGHT} stroke="#4a5360" />
        <text x={AXIS - 4} y={AXIS} textAnchor="end" className="tick">
          {highest}
        </text>
        {bars.map((bar, index) => {
          let top = BARS_HEIGHT;
          const x = AXIS + index * slot + slot * 0.15;
          return (
            <g key={bar.label}>
              {bar.parts.map((part) => {
                const height = part.value * scale;
                top -= height;
                return (
                  <rect
                    key={part.series}
                    x={x}
                    y={top}
                    width={slot * 0.7}
                    height={height}
                    fill={colourOf(part.series)}
                  >
                    <title>{`${bar.label}, ${part.series}: ${part.value}`}</title>
                  </rect>
                );
              })}
              <text
                transform={`translate(${x + slot * 0.35} ${BARS_HEIGHT + 8}) rotate(-90)`}
                textAnchor="end"
                dominantBaseline="middle"
                className={
                  bars.length > LABELLED_ON_A_PHONE && index % 2 === 1
                    ? 'tick label every-other'
                    : 'tick label'
                }
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <strong>{title}</strong>
        <ul className="legend">
          {series.map((name) => (
            <li key={name}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={colourOf(name)} />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
