// A bar per label, stacked by series, drawn in SVG (no chart library, no inline style: the
// gateway's CSP allows none). The figure's text alternative is the table beside it.
export interface Bar {
  readonly label: string;
  readonly parts: ReadonlyArray<{ readonly series: string; readonly value: number }>;
}

// Distinct on white and for the common colour-vision deficiencies (Okabe–Ito).
const PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#000000', '#f0e442'];

const WIDTH = 640;
const HEIGHT = 340;
const AXIS = 28;
// Room under the bars for their labels, slanted so a date or a status fits at a phone's text
// size (styles.css enlarges .tick there, where the 640-unit chart is drawn about 350 px wide).
const LABELS = 130;
// More bars than this and a phone shows every other label: all of them would overlap.
const LABELLED_ON_A_PHONE = 8;

export function StackedBarChart({ bars, title }: { bars: readonly Bar[]; title: string }) {
  const series = [...new Set(bars.flatMap((bar) => bar.parts.map((part) => part.series)))];
  const colourOf = (name: string) => PALETTE[series.indexOf(name) % PALETTE.length]!;
  const highest = Math.max(1, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0)));
  const slot = (WIDTH - AXIS) / Math.max(1, bars.length);
  const base = HEIGHT - LABELS;
  const scale = (base - AXIS) / highest;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title} (the table below has the numbers)`}
      >
        <line x1={AXIS} y1={base} x2={WIDTH} y2={base} stroke="#4a5360" />
        <text x={AXIS - 4} y={12} textAnchor="end" className="tick">
          {highest}
        </text>
        {bars.map((bar, index) => {
          let top = base;
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
                transform={`translate(${x + slot * 0.35} ${base + 8}) rotate(-40)`}
                textAnchor="end"
                dominantBaseline="hanging"
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
