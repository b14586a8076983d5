import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { plainDtoCheckOf } from '@platform/http';
import { OnrampQuoteRequestDto } from './onramp-quote.request.dto.js';
import { QuoteRequestDto } from './quote.request.dto.js';
import { ReverseQuoteRequestDto } from './reverse-quote.request.dto.js';

// The three quote bodies are the payout API's hottest: a valid one is taken without the
// validator's executor (plainDtoCheckOf), which cost a tenth of quote-service's CPU.
describe('quote request bodies', () => {
  const route = {
    crypto_currency: 'USDC',
    network: 'STELLAR',
    payment_method: 'BREB',
    target_currency: 'COP',
  };

  it.each([
    [QuoteRequestDto, { amount: 400000.5, ...route }],
    [ReverseQuoteRequestDto, { source_amount: 100.123456, ...route }],
    [OnrampQuoteRequestDto, { fiat_amount: 500, ...route }],
  ])('%p takes a valid body directly, and leaves a refused one to the full pipe', (dto, body) => {
    const check = plainDtoCheckOf(dto);
    expect(check?.instanceOf(body)).toEqual(Object.assign(new dto(), body));
    expect(check?.instanceOf({ ...body, network: 'ETHEREUM' })).toBeNull();
  });
});
