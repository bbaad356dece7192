import { describe, expect, it } from 'vitest';
import { bearerTokenOf } from './bearer-token';

describe('bearerTokenOf', () => {
  it.each([
    [undefined, null],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer tend_abc', 'tend_abc'],
    ['bearer   tend_abc  ', 'tend_abc'],
    ['BEARER tend_abc', 'tend_abc'],
    ['Bearer', ''],
    ['Bearer ', ''],
    ['Bearertend_abc', null],
  ])('%s -> %s', (header, expected) => {
    expect(bearerTokenOf({ headers: header === undefined ? {} : { authorization: header } })).toBe(expected);
  });
});
