import { Fragment, useState } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { routeName, type CorridorFlow } from '../api/corridors.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { FlowEditor } from './flow-editor.js';
import { formatCount, formatDecimal, formatMoney } from '../format/money.js';
import { ScrollTable } from '../layout/scroll-table.js';

const bounds = (flow: CorridorFlow) =>
  `${flow.minAmount === null ? 'no minimum' : formatDecimal(flow.minAmount)} – ${flow.maxAmount === null ? 'no maximum' : formatDecimal(flow.maxAmount)}`;

// Every flow of the catalogue: switch it on or off, or edit its fees and bounds.
export function FlowsTable(props: { api: ConsoleApi; flows: readonly CorridorFlow[]; onChange: () => void }) {
  const { api, flows, onChange } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function toggle(flow: CorridorFlow) {
    const verb = flow.enabled ? 'Disable' : 'Enable';
    if (!confirmChange(`${verb} ${flow.direction} ${routeName(flow.route)}?`)) return;
    setError(null);
    try {
      await api.send('PATCH', `/ops/corridors/flows/${flow.id}`, { enabled: !flow.enabled });
      onChange();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  return (
    <>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <ScrollTable
        label="Corridor flows table"
        caption="Corridor flows"
        columns={['Flow', 'State', 'Fee', 'Bounds']}
        actions
      >
        {flows.map((flow) => {
          const name = `${flow.direction} ${routeName(flow.route)}`;
          return (
            <Fragment key={flow.id}>
              <tr>
                <th scope="row">{name}</th>
                <td>
                  <span className={`badge ${flow.enabled ? 'done' : 'failed'}`}>
                    {flow.enabled ? 'enabled' : 'disabled'}
                  </span>
                </td>
                <td>
                  {formatCount(flow.feeBasisPoints)} bp +{' '}
                  {formatMoney(flow.feeFixed, flow.route.cryptoCurrency)}
                </td>
                <td>{bounds(flow)}</td>
                <td className="actions">
                  <button
                    type="button"
                    onClick={() => void toggle(flow)}
                    aria-label={`${flow.enabled ? 'Disable' : 'Enable'} ${name}`}
                  >
                    {flow.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setEditing(flow.id)}
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
              {editing === flow.id && (
                <tr>
                  <td colSpan={5}>
                    <FlowEditor
                      api={api}
                      flow={flow}
                      onDone={(changed) => {
                        setEditing(null);
                        if (changed) onChange();
                      }}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </ScrollTable>
    </>
  );
}
