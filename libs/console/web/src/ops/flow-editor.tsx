import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { routeName, type CorridorFlow } from '../api/corridors.js';
import { flowChangeProblem } from './change-checks.js';
import { changeFailure, confirmChange } from './confirm-change.js';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

// A flow's fees and bounds (blank bound = unbounded), saved after confirmation.
export function FlowEditor(props: {
  api: ConsoleApi;
  flow: CorridorFlow;
  onDone: (changed: boolean) => void;
}) {
  const { api, flow, onDone } = props;
  const [feeBasisPoints, setFeeBasisPoints] = useState(String(flow.feeBasisPoints));
  const [feeFixed, setFeeFixed] = useState(flow.feeFixed);
  const [minAmount, setMinAmount] = useState(flow.minAmount ?? '');
  const [maxAmount, setMaxAmount] = useState(flow.maxAmount ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = `${flow.direction} ${routeName(flow.route)}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = flowChangeProblem({ feeBasisPoints, feeFixed, minAmount, maxAmount });
    setError(problem);
    if (problem) return;
    const changes = {
      feeBasisPoints: Number(feeBasisPoints),
      feeFixed: feeFixed.trim(),
      minAmount: blankToNull(minAmount),
      maxAmount: blankToNull(maxAmount),
    };
    if (!confirmChange(`Change the fees and bounds of ${name}?`)) return;
    try {
      await api.send('PATCH', `/ops/corridors/flows/${flow.id}`, changes);
      onDone(true);
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  const field = (
    id: string,
    label: string,
    value: string,
    set: (value: string) => void,
    mode: 'numeric' | 'decimal',
  ) => (
    <div className="field">
      <label htmlFor={`${flow.id}-${id}`}>{label}</label>
      <input
        id={`${flow.id}-${id}`}
        inputMode={mode}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form className="row panel" onSubmit={save} aria-label={`Edit ${name}`}>
      {field('fee-bps', 'Fee (basis points)', feeBasisPoints, setFeeBasisPoints, 'numeric')}
      {field('fee-fixed', 'Fixed fee', feeFixed, setFeeFixed, 'decimal')}
      {field('min', 'Minimum (blank: none)', minAmount, setMinAmount, 'decimal')}
      {field('max', 'Maximum (blank: none)', maxAmount, setMaxAmount, 'decimal')}
      <button type="submit">Save</button>
      <button type="button" className="secondary" onClick={() => onDone(false)}>
        Cancel
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
