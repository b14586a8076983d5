import { describe, expect, it } from '@jest/globals';
import { DirectRoutePath } from './direct-route-path.js';

describe('DirectRoutePath', () => {
  const path = new DirectRoutePath('/transaction/:id');

  it.each([
    ['/transaction/abc', { id: 'abc' }],
    ['/transaction/abc/', { id: 'abc' }],
    ['/transaction/a%2Fb%20c', { id: 'a/b c' }],
    ['/transaction', null],
    ['/transaction/', null],
    ['/transaction//', null],
    ['/transaction/abc/timeline', null],
    ['/Transaction/abc', null],
    ['/transaction/%E0%A4%A', null],
  ])('matches %s as %j', (requestPath, params) => {
    expect(path.match(requestPath)).toEqual(params);
  });

  it.each([
    ['/transaction/latest', true],
    ['/TRANSACTION/:other', true],
    ['/transaction/*rest', true],
    ['/*all', true],
    ['/transaction', false],
    ['/transaction/:id/timeline', false],
    ['/transactions/:id', false],
  ])('overlaps %s: %s', (other, overlapping) => {
    expect(path.overlaps(other)).toBe(overlapping);
  });

  it('tells a fixed path from one with parameters', () => {
    expect(new DirectRoutePath('/users/me/typing').isFixed).toBe(true);
    expect(path.isFixed).toBe(false);
  });
});
