import { useFormatInstant, useTimeZoneChoice, chooseTimeZone } from './time-zone-choice.js';

// An instant in the zone the person chose, machine-readable in dateTime.
export function Time({ at }: { at: string | null }) {
  const format = useFormatInstant();
  return at ? <time dateTime={at}>{format(at)}</time> : <>—</>;
}

// The header's switch between UTC and the browser's own zone.
export function TimeZoneSwitch() {
  const zone = useTimeZoneChoice();
  return (
    <label className="zone-switch">
      Times in{' '}
      <select
        value={zone}
        onChange={(event) => chooseTimeZone(event.target.value === 'local' ? 'local' : 'UTC')}
      >
        <option value="UTC">UTC</option>
        <option value="local">my time zone</option>
      </select>
    </label>
  );
}
