// A labelled drop-down of a filter's values, "Any" first (no filter).
export function ChoiceField<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  options: readonly T[];
  onChange: (value: T | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value as T)}>
        <option value="">Any</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
