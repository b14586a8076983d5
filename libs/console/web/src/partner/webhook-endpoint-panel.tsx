import { useState, type FormEvent } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import type { WebhookDelivery, WebhookEndpoint } from '../api/webhooks.js';
import { ShownOnce } from '../layout/shown-once.js';
import { Time } from '../format/time-view.js';

const failure = (error: unknown) => (error instanceof ApiError ? error.reason : 'The request failed.');

// The endpoint's URL and secret: register or change the URL, rotate the secret (shown once),
// send a test delivery. `onChange` lets the deliveries list reload.
export function WebhookEndpointPanel(props: {
  api: ConsoleApi;
  endpoint: WebhookEndpoint | null;
  onChange: () => void;
}) {
  const { api, onChange } = props;
  const [endpoint, setEndpoint] = useState(props.endpoint);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  async function save(rotate: boolean) {
    setMessage(null);
    try {
      const saved = await api.send<WebhookEndpoint>('PUT', '/webhooks/endpoint', {
        url: url.trim(),
        ...(rotate ? { rotate_secret: true } : {}),
      });
      const { secret: shownOnce, ...kept } = saved;
      setEndpoint(kept);
      if (shownOnce) setSecret(shownOnce);
      setMessage({ text: rotate ? 'Secret rotated.' : 'Endpoint saved.', failed: false });
      onChange();
    } catch (error) {
      setMessage({ text: failure(error), failed: true });
    }
  }

  async function sendTest() {
    setMessage(null);
    try {
      const delivery = await api.send<WebhookDelivery>('POST', '/webhooks/endpoint/test');
      const answer = delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : delivery.last_outcome;
      setMessage({ text: `Test delivery ${delivery.status.toLowerCase()} (${answer}).`, failed: false });
      onChange();
    } catch (error) {
      setMessage({ text: failure(error), failed: true });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <section aria-labelledby="endpoint-title" className="panel">
      <h2 id="endpoint-title">Endpoint</h2>
      <form onSubmit={submit} className="row">
        <div className="field wide">
          <label htmlFor="webhook-url">Webhook URL</label>
          <input
            id="webhook-url"
            type="url"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="submit">{endpoint ? 'Save URL' : 'Register'}</button>
      </form>
      {endpoint && (
        <>
          <p className="note">
            Secret created <Time at={endpoint.secret_created_at} />
            {endpoint.previous_secret_expires_at && (
              <>
                ; the previous one is accepted until <Time at={endpoint.previous_secret_expires_at} />
              </>
            )}
            .
          </p>
          <div className="row">
            <button type="button" onClick={() => void save(true)}>
              Rotate secret
            </button>
            <button type="button" onClick={() => void sendTest()}>
              Send test delivery
            </button>
          </div>
        </>
      )}
      {secret && <ShownOnce label="New webhook secret" value={secret} onDismiss={() => setSecret(null)} />}
      {message && (
        <p role={message.failed ? 'alert' : 'status'} className={message.failed ? 'error' : undefined}>
          {message.text}
        </p>
      )}
    </section>
  );
}
