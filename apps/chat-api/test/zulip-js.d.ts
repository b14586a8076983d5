// zulip-js ships no types; this is the part of its client the suites use.
declare module 'zulip-js' {
  type ZulipResponse = { result: 'success' | 'error'; msg: string; [field: string]: unknown };
  type Params = Record<string, unknown>;
  type Call = (params?: Params) => Promise<ZulipResponse>;

  export interface ZulipClient {
    config: { apiKey: string; apiURL: string; username: string };
    callEndpoint(endpoint: string, method?: string, params?: Params): Promise<ZulipResponse>;
    users: { retrieve: Call; me: { getProfile: Call; subscriptions: { add: Call; remove: Call } } };
    messages: {
      send: Call;
      retrieve: Call;
      render: (params: Params | string) => Promise<ZulipResponse>;
      flags: { add: Call; remove: Call };
      deleteById: Call;
      update: Call;
    };
    typing: { send: Call };
    streams: { retrieve: Call; getStreamId: (params: Params | string) => Promise<ZulipResponse> };
    queues: { register: Call; deregister: Call };
    events: { retrieve: Call };
  }

  export default function zulipInit(config: {
    realm: string;
    username: string;
    apiKey?: string;
    password?: string;
  }): Promise<ZulipClient>;
}
