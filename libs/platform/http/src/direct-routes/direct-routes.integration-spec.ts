import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Body,
  type CallHandler,
  Controller,
  Get,
  HttpCode,
  Module,
  type NestInterceptor,
  Param,
  Post,
  Query,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { request } from 'node:http';
import { map, throwError } from 'rxjs';
import { IsInt, IsString, Min } from 'class-validator';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { INTERNAL_IDENTITY_HEADER, type PartnerIdentity, ServiceName } from '@shared/contracts';
import { PartnerAuth } from '../auth/auth-policy.js';
import { AuthenticationError } from '../auth/authentication.error.js';
import { CurrentIdentity } from '../auth/current-identity.decorator.js';
import { InternalTokenService } from '../auth/internal-token.service.js';
import {
  platformSections,
  type RunningService,
  type ServiceDefinition,
} from '../bootstrap/service-definition.js';
import { startService } from '../bootstrap/start-service.js';
import { DirectRoute } from './direct-route.decorator.js';

const SECRET = 'direct-routes-test-secret-of-32-characters';
const MAX_BODY_BYTES = 1_024;
// Set by an Express middleware: present only on answers that went through Express.
const EXPRESS_MARK = 'x-answered-by-express';
// Express's body parser takes this spelling; the direct path leaves it to Express.
const JSON_FOR_EXPRESS = 'application/json;charset=utf-8';

class GreetingRequestDto {
  @IsString()
  name!: string;

  @IsInt()
  @Min(1)
  times!: number;
}

// A guard that answers later, as an Observable: the direct path waits on it as Nest does.
const refusingGuard = {
  canActivate: () => throwError(() => new AuthenticationError('This route takes no one')),
};

// A parameter pipe that answers with a promise, after the global validation pipe.
const shoutingPipe = {
  transform: async (body: GreetingRequestDto) => ({ ...body, name: body.name.toUpperCase() }),
};

// An interceptor given as an instance, as direct routes can run it.
class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler) {
    return next.handle().pipe(map((data: unknown) => ({ envelope: true, data })));
  }
}

@PartnerAuth()
@Controller('greetings')
class GreetingsController {
  @Post()
  @HttpCode(200)
  @DirectRoute()
  greet(@CurrentIdentity() partner: PartnerIdentity, @Body() body: GreetingRequestDto) {
    if (body.name === 'boom') throw new Error('a failure with details no client may see');
    return {
      partnerId: partner.partnerId,
      greeting: `hello ${body.name}`.repeat(body.times),
      dto: body.constructor.name,
    };
  }

  @Post('wrapped')
  @HttpCode(200)
  @DirectRoute()
  @UseInterceptors(new EnvelopeInterceptor())
  wrapped(@Body() body: GreetingRequestDto) {
    return { name: body.name };
  }

  @Post('refused')
  @DirectRoute()
  @UseGuards(refusingGuard)
  refused(@Body() body: GreetingRequestDto) {
    return body;
  }

  @Post('shouted')
  @HttpCode(200)
  @DirectRoute()
  shouted(@Body(shoutingPipe) body: GreetingRequestDto) {
    return body;
  }

  @Post('silent')
  @DirectRoute()
  silent(@Body() _body: GreetingRequestDto): void {}

  @Get(':name')
  @DirectRoute()
  named(@CurrentIdentity() partner: PartnerIdentity, @Param('name') name: string) {
    return { partnerId: partner.partnerId, name };
  }
}

@PartnerAuth()
@Controller('overlapping')
class OverlappingDirectController {
  @Get('latest')
  latest() {
    return {};
  }

  @Get(':id')
  @DirectRoute()
  one(@Param('id') id: string) {
    return { id };
  }
}

@PartnerAuth()
@Controller('guarded')
class GuardedDirectController {
  @Post()
  @DirectRoute()
  @UseGuards(
    class {
      canActivate = () => true;
    },
  )
  guarded(@Body() body: GreetingRequestDto) {
    return body;
  }
}

@PartnerAuth()
@Controller('queried')
class QueriedDirectController {
  @Post()
  @DirectRoute()
  queried(@Query('page') page: string) {
    return { page };
  }
}

const definitionWith = (controller: new () => object): ServiceDefinition<typeof platformSections> => {
  @Module({ controllers: [controller] })
  class FeatureModule {}
  return {
    name: ServiceName.QuoteService,
    config: platformSections,
    database: { schema: 'direct_routes_test', entities: [], migrations: [] },
    imports: [FeatureModule],
    beforeBodyParsers: (app) =>
      app.use(
        (_request: unknown, response: { setHeader(name: string, value: string): void }, next: () => void) => {
          response.setHeader(EXPRESS_MARK, 'yes');
          next();
        },
      ),
  };
};

describe('DirectRoutes', () => {
  let database: TestDatabase;
  let service: RunningService;
  let partnerToken: string;
  const bus = new InMemoryEventBus();
  const boot = (controller: new () => object) =>
    startService(definitionWith(controller), {
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        EVENT_BUS: 'memory',
        INTERNAL_AUTH_SECRET: SECRET,
        MAX_BODY_BYTES: String(MAX_BODY_BYTES),
      },
      sharedBus: bus,
    });

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    service = await boot(GreetingsController);
    partnerToken = await new InternalTokenService(SECRET).sign({
      kind: 'partner',
      partnerId: 'partner-1',
      scheme: 'api_key',
      walletUser: null,
    });
  });

  afterAll(async () => {
    await service?.close();
    await database.drop();
  });

  const post = async (
    path: string,
    body: string,
    contentType: string,
    token: string | null = partnerToken,
  ) => {
    const response = await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(token ? { [INTERNAL_IDENTITY_HEADER]: token } : {}) },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      viaExpress: response.headers.get(EXPRESS_MARK) === 'yes',
      requestId: response.headers.get('x-request-id'),
    };
  };

  // Each request is sent once to the direct path and once through Express: same answer.
  const bothWays = async (body: string, token: string | null = partnerToken, path = '/greetings') => {
    const direct = await post(path, body, 'application/json', token);
    const express = await post(path, body, JSON_FOR_EXPRESS, token);
    expect(direct.viaExpress).toBe(false);
    expect(express.viaExpress).toBe(true);
    expect(direct.requestId).toEqual(expect.any(String));
    expect({ status: direct.status, body: direct.body }).toEqual({
      status: express.status,
      body: express.body,
    });
    return direct;
  };

  describe('a route with a path parameter', () => {
    const get = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${service.url}${path}`, {
        ...init,
        headers: { [INTERNAL_IDENTITY_HEADER]: partnerToken, ...init.headers },
      });
      return {
        status: response.status,
        body: (await response.json()) as unknown,
        viaExpress: response.headers.get(EXPRESS_MARK) === 'yes',
      };
    };

    // Express takes the fixed segments in any case; the direct path only as declared.
    it.each([
      ['a plain parameter', 'ana', 'ana'],
      ['a percent-encoded parameter', 'ana%20mar%C3%ADa%2Fx', 'ana maría/x'],
    ])('answers %s as Express does, decoded', async (_case, segment, name) => {
      const direct = await get(`/greetings/${segment}`);
      const express = await get(`/GREETINGS/${segment}`);

      expect(direct).toEqual({ status: 200, body: { partnerId: 'partner-1', name }, viaExpress: false });
      expect(express).toEqual({ ...direct, viaExpress: true });
      expect(await get(`/greetings/${segment}/`)).toEqual(direct);
    });

    it('leaves a parameter that does not decode to Express', async () => {
      expect((await get('/greetings/%E0%A4%A')).viaExpress).toBe(true);
    });

    it('leaves a request that sends a body to Express, whose parsers read it', async () => {
      const answer = await new Promise<{ status?: number; viaExpress: boolean }>((resolve, reject) => {
        const sent = request(`${service.url}/greetings/ana`, {
          method: 'GET',
          headers: {
            [INTERNAL_IDENTITY_HEADER]: partnerToken,
            'content-type': 'application/json',
            'content-length': '2',
          },
        });
        sent.on('response', (response) => {
          response.resume();
          resolve({ status: response.statusCode, viaExpress: response.headers[EXPRESS_MARK] === 'yes' });
        });
        sent.on('error', reject);
        sent.end('{}');
      });

      expect(answer).toEqual({ status: 200, viaExpress: true });
    });

    it('refuses to boot a parameter route that would take another route’s requests', async () => {
      await expect(boot(OverlappingDirectController)).rejects.toThrow(
        '@DirectRoute OverlappingDirectController.one: /overlapping/:id would take the requests of ' +
          'OverlappingDirectController.latest (/overlapping/latest)',
      );
    });
  });

  it('answers a valid request with the handler result, the identity and a validated DTO instance', async () => {
    const answer = await bothWays(JSON.stringify({ name: 'ana', times: 2 }));

    expect(answer).toMatchObject({
      status: 200,
      body: { partnerId: 'partner-1', greeting: 'hello anahello ana', dto: 'GreetingRequestDto' },
    });
  });

  it('runs the route’s interceptors, as Express does', async () => {
    const answer = await bothWays(
      JSON.stringify({ name: 'ana', times: 1 }),
      partnerToken,
      '/greetings/wrapped',
    );

    expect(answer).toMatchObject({ status: 200, body: { envelope: true, data: { name: 'ana' } } });
  });

  it('refuses what a route guard refuses, as Express does', async () => {
    const answer = await bothWays(
      JSON.stringify({ name: 'ana', times: 1 }),
      partnerToken,
      '/greetings/refused',
    );

    expect(answer).toMatchObject({ status: 401, body: { reason: 'This route takes no one' } });
  });

  it('runs a parameter’s own pipe after the validation pipe, as Express does', async () => {
    const answer = await bothWays(
      JSON.stringify({ name: 'ana', times: 2 }),
      partnerToken,
      '/greetings/shouted',
    );
    const refused = await bothWays(JSON.stringify({ name: 7, times: 2 }), partnerToken, '/greetings/shouted');

    expect(answer).toMatchObject({ status: 200, body: { name: 'ANA', times: 2 } });
    expect(refused).toMatchObject({ status: 400, body: { reason: 'name must be a string' } });
  });

  it('answers the declared status with no body when the handler returns nothing', async () => {
    const answer = await bothWays(
      JSON.stringify({ name: 'ana', times: 1 }),
      partnerToken,
      '/greetings/silent',
    );

    expect(answer).toMatchObject({ status: 201, body: undefined });
  });

  it.each([
    ['a field fails validation', JSON.stringify({ name: 'ana', times: 0 }), 'times must not be less than 1'],
    ['a field has the wrong type', JSON.stringify({ name: 7, times: 1 }), 'name must be a string'],
    [
      'an unknown field is sent',
      JSON.stringify({ name: 'ana', times: 1, extra: true }),
      'property extra should not exist',
    ],
    ['the body is empty', '', 'name must be a string'],
    ['the body is not JSON', '{"name":', 'Request body is not valid JSON'],
    ['the body is a JSON string, not an object', '"ana"', 'Request body is not valid JSON'],
  ])('refuses the request when %s', async (_case, body, reason) => {
    const answer = await bothWays(body);

    expect(answer).toMatchObject({
      status: 400,
      body: { message: reason, code: 'invalid_request', reason, retryable: false },
    });
  });

  it('refuses a caller without a forwarded identity', async () => {
    const answer = await bothWays(JSON.stringify({ name: 'ana', times: 1 }), null);

    expect(answer).toMatchObject({
      status: 401,
      body: { message: 'Missing or invalid credentials', code: 'authentication_failed' },
    });
  });

  it('answers a handler failure with a 500 and an error id, never the error text', async () => {
    const direct = await post('/greetings', JSON.stringify({ name: 'boom', times: 1 }), 'application/json');

    expect(direct).toMatchObject({
      status: 500,
      viaExpress: false,
      body: { message: 'Internal server error', errorId: expect.any(String) },
    });
  });

  it('leaves a body over the limit to Express, which refuses it', async () => {
    const answer = await post(
      '/greetings',
      JSON.stringify({ name: 'a'.repeat(MAX_BODY_BYTES), times: 1 }),
      'application/json',
    );

    expect(answer).toMatchObject({ status: 413, viaExpress: true });
  });

  it.each([
    [
      'guards of its own',
      GuardedDirectController,
      'GuardedDirectController.guarded: guards, pipes, interceptors',
    ],
    [
      'a parameter other than the body and identity',
      QueriedDirectController,
      'QueriedDirectController.queried: only @Body()',
    ],
  ])('refuses to boot a direct route with %s', async (_case, controller, message) => {
    await expect(boot(controller)).rejects.toThrow(message);
  });
});
