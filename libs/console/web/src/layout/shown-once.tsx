// A secret the API returns only once (a webhook secret, an API key): shown here until the person
// dismisses it, then gone from the page and from memory.
export function ShownOnce(props: { label: string; value: string; onDismiss: () => void }) {
  return (
    <div className="shown-once" role="status">
      <p>
        <strong>{props.label}</strong> — copy it now: it is shown only once.
      </p>
      <code className="mono secret">{props.value}</code>
      <button type="button" onClick={props.onDismiss}>
        I have copied it
      </button>
    </div>
  );
}
