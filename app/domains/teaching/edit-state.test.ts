import { describe, expect, it } from 'vitest';
import { articleOf, summaryOf } from '../../testing/teaching-fixtures.ts';
import { articleBody, initialArticleValues } from './article-form.tsx';
import { articleIdOf } from './article-params.ts';
import { editState, rowFromState } from './edit-state.ts';

describe('editing an article', () => {
  it('reads the id from the address', () => {
    expect(articleIdOf(new URLSearchParams('id=7'))).toBe(7);
    for (const bad of ['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=7abc', 'id=abc']) {
      expect(articleIdOf(new URLSearchParams(bad))).toBeNull();
    }
  });

  it('uses the row passed by the list only for the article named in the address', () => {
    const row = summaryOf();
    expect(rowFromState(editState(row), 7)).toEqual(row);
    expect(rowFromState(editState(row), 8)).toBeNull();
    expect(rowFromState({ article: { id: 7 } }, 7)).toBeNull();
    expect(rowFromState(null, 7)).toBeNull();
    expect(rowFromState(undefined, 7)).toBeNull();
  });

  it('starts from the article and sends the last category id', () => {
    const values = initialArticleValues(articleOf());
    expect(values.classification).toEqual([1, 2]);
    expect(articleBody({ ...values, headLine: '  Title  ' })).toEqual({
      headLine: 'Title',
      description: values.description,
      classification: 2,
      picture: '/uploads/images/cover.webp',
      text: values.text,
    });
    expect(articleBody(values, 7)).toMatchObject({ id: 7, classification: 2 });
    expect(initialArticleValues()).toEqual({
      headLine: '',
      description: '',
      classification: [],
      picture: '',
      text: '',
    });
  });
});
