import { useState, type FormEvent } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import { corridorName, type PublicCorridor, type Quote } from '../api/quotes.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { formatMoney } from '../format/money.js';
import { Time } from '../format/time-view.js';

type Answer = { readonly quote: Quote } | { readonly refusal: string };

// Prices a payout on a live corridor exactly as POST /quote does for the partner's servers.
export function QuotePlaygroundPage({ api }: { api: ConsoleApi }) {
  const { result } = useLoad(
    () => api.get<{ corridors: readonly PublicCorridor[] }>('/public/corridors'),
    [api],
  );
  return (
    <section aria-labelledby="quotes-title">
      <h1 id="quotes-title">Quote playground</h1>
      <LoadState load={result}>
        {({ corridors }) =>
          corridors.length === 0 ? <p>No corridor is live.</p> : <QuoteForm api={api} corridors={corridors} />
        }
      </LoadState>
    </section>
  );
}

function QuoteForm({ api, corridors }: { api: ConsoleApi; corridors: readonly PublicCorridor[] }) {
  const [index, setIndex] = useState(0);
  const [amount, setAmount] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const corridor = corridors[index]!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const quote = await api.send<Quote>('POST', '/quote', {
        // The API takes the amount as a JSON number (the payout spec).
        amount: Number(amount),
        crypto_currency: corridor.cryptoCurrency,
        network: corridor.blockchain,
        payment_method: corridor.paymentMethod,
        target_currency: corridor.targetCurrency,
      });
      setAnswer({ quote });
    } catch (error) {
      setAnswer({
        refusal: error instanceof ApiError ? `${error.code}: ${error.reason}` : 'The quote failed.',
      });
    }
  }

  return (
    <>
      <form className="filters" onSubmit={submit}>
        <div className="field wide">
          <label htmlFor="quote-corridor">Corridor</label>
          <select
            id="quote-corridor"
            value={index}
            onChange={(event) => setIndex(Number(event.target.value))}
          >
            {corridors.map((option, position) => (
              <option key={corridorName(option)} value={position}>
                {corridorName(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="quote-amount">Recipient gets ({corridor.targetCurrency})</label>
          <input
            id="quote-amount"
            inputMode="decimal"
            required
            pattern="\d+(\.\d{1,2})?"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby="quote-bounds"
          />
        </div>
        <button type="submit">Get quote</button>
        <p id="quote-bounds" className="note">
          Bounds: {corridor.minAmount ?? 'none'} to {corridor.maxAmount ?? 'none'} {corridor.targetCurrency}
        </p>
      </form>
      {answer && 'quote' in answer && (
        <dl className="summary" aria-live="polite">
          <div className="pair">
            <dt>Deposit (fee included)</dt>
            <dd className="mono">{formatMoney(String(answer.quote.value), corridor.cryptoCurrency)}</dd>
          </div>
          <div className="pair">
            <dt>Fee ({answer.quote.fee.type})</dt>
            <dd className="mono">{formatMoney(answer.quote.fee.amount, answer.quote.fee.currency)}</dd>
          </div>
          <div className="pair">
            <dt>Valid until</dt>
            <dd>
              <Time at={new Date(answer.quote.expiration_time).toISOString()} />
            </dd>
          </div>
          <div className="pair">
            <dt>Quote id</dt>
            <dd className="mono">{answer.quote.quote_id}</dd>
          </div>
        </dl>
      )}
      {answer && 'refusal' in answer && (
        <p role="alert" className="error">
          {answer.refusal}
        </p>
      )}
    </>
  );
}
