import { describe, expect, it } from '@jest/globals';
import { AlertWordMatcher } from './alert-word-matcher.js';
import type { AlertWordsRepository } from './alert-words.repository.js';

const matcherFor = (words: Array<{ userId: number; word: string }>) =>
  new AlertWordMatcher({ wordsOf: () => Promise.resolve(words) } as unknown as AlertWordsRepository);

describe(AlertWordMatcher.name, () => {
  const sut = matcherFor([
    { userId: 1, word: 'Deploy' },
    { userId: 2, word: 'on call' },
  ]);

  it.each([
    ['We deploy today', [1]],
    ['(DEPLOY)', [1]],
    ['deploy!', [1]],
    ['redeploy now', []],
    ['deployment', []],
    ['"deploy"', []],
    ['who is on call?', [2]],
    ['```\ndeploy\n```', []],
    ['```quote\ndeploy\n```', [1]],
    ['adeploy', [1]],
  ])('%j alerts %j', async (content, expected) => {
    expect([...(await sut.alertedUserIds(content, [1, 2]))].sort()).toEqual(expected);
  });
});
