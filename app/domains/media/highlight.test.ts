import { describe, expect, it } from 'vitest';
import { highlightParts, keywordRanges } from './highlight.ts';

describe('keyword highlights', () => {
  it('finds keywords whatever their case or width, Chinese as a substring', () => {
    expect(keywordRanges('Bitcoin ETF 获批，比特币大涨', ['etf', '比特币'])).toEqual([
      [8, 11],
      [15, 18],
    ]);
    expect(keywordRanges('ＢＴＣ breaks out', ['btc'])).toEqual([[0, 3]]);
    expect(keywordRanges('SEC sec Sec', ['SEC'])).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
    ]);
  });

  it('merges overlapping matches and ignores blank keywords', () => {
    expect(keywordRanges('以太坊现货ETF', ['以太坊', '太坊现货', ' '])).toEqual([[0, 5]]);
    expect(keywordRanges('nothing here', [])).toEqual([]);
    expect(keywordRanges('', ['a'])).toEqual([]);
  });

  it('cuts the text into plain and marked parts', () => {
    expect(highlightParts('美联储宣布加息 25 个基点', ['加息'])).toEqual([
      { text: '美联储宣布', match: false },
      { text: '加息', match: true },
      { text: ' 25 个基点', match: false },
    ]);
  });
});
