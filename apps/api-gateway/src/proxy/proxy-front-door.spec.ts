import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@platform/logging';
import type { GatewayConfig } from '../core/api-gateway.config.js';
import type { Admission, RequestAdmission } from '../authentication/request-admission.js';
import type { DisabledUserGate } from '../disabled-users/disabled-user.gate.js';
import { ProxyFrontDoor } from './proxy-front-door.js';
import type { ReverseProxy } from './reverse-proxy.js';

const IDENTITY = { kind: 'partner', partnerId: 'partner-1', scheme: 'api_key', walletUser: null } as const;

// A front door whose admission answers `admit`, writing down what it forwards, logs and answers.
function frontDoorWith(admit: () => Admission | Promise<Admission>) {
  const forwarded: unknown[] = [];
  const logged: string[] = [];
  const answered: Array<{ status: number; body: string }> = [];
  const proxy = {
    forward: async (upstream: string, _request: unknown, _response: unknown, identity: unknown) => {
      forwarded.push([upstream, identity]);
    },
  } as unknown as ReverseProxy;
  const users = { concerns: () => false } as unknown as DisabledUserGate;
  const logger = { error: (_fields: unknown, message: string) => logged.push(message) } as unknown as Logger;
  const sut = new ProxyFrontDoor(
    { CHAT_HOST: '' } as unknown as GatewayConfig,
    { admit } as unknown as RequestAdmission,
    proxy,
    users,
    logger,
  );
  let status = 0;
  const response = {
    headersSent: false,
    writeHead: (code: number) => (status = code),
    end: (body: string) => answered.push({ status, body }),
  } as unknown as ServerResponse;
  const request = { url: '/transaction/1', method: 'GET', headers: {} } as unknown as IncomingMessage;
  return { handle: () => sut.handle(request, response), forwarded, logged, answered };
}

describe(ProxyFrontDoor.name, () => {
  it('forwards a request admitted at once before handle returns, without awaiting a promise', () => {
    const door = frontDoorWith(() => ({ admitted: true, identity: IDENTITY }));

    expect(door.handle()).toBe(true);
    expect(door.forwarded).toEqual([['transaction', IDENTITY]]);
  });

  it('forwards a request whose admission takes a promise once it is admitted', async () => {
    const door = frontDoorWith(async () => ({ admitted: true, identity: IDENTITY }));

    door.handle();
    expect(door.forwarded).toEqual([]);
    await new Promise(setImmediate);
    expect(door.forwarded).toEqual([['transaction', IDENTITY]]);
  });

  it('logs an admission that throws at once and answers 500 with an error id, as one that rejects', async () => {
    const atOnce = frontDoorWith(() => {
      throw new Error('rate limit table gone');
    });
    const late = frontDoorWith(() => Promise.reject(new Error('rate limit table gone')));

    atOnce.handle();
    late.handle();
    await new Promise(setImmediate);
    for (const door of [atOnce, late]) {
      expect(door.logged).toEqual(['proxying failed']);
      expect(door.answered).toHaveLength(1);
      expect(door.answered[0]?.status).toBe(500);
      expect(JSON.parse(door.answered[0]?.body ?? '')).toEqual({
        message: 'Internal server error',
        errorId: expect.any(String),
      });
    }
  });
});
