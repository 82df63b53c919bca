import { describe, expect, it } from 'vitest';
import { applyShopQuery, parseShopQuery, selectCategoryType } from './shop-query';

describe('parseShopQuery', () => {
  it('defaults to men with no type when the URL is empty', () => {
    expect(parseShopQuery(new URLSearchParams())).toEqual({
      gender: 'MEN',
      type: null,
      sub: null,
      styleGroup: null,
    });
  });

  it('reads a men selection and normalises the subcategory spelling', () => {
    expect(parseShopQuery(new URLSearchParams('g=MEN&type=LOWERS&sub=loose%20fit'))).toEqual({
      gender: 'MEN',
      type: 'LOWERS',
      sub: 'Loose fit',
      styleGroup: null,
    });
  });

  it('drops a subcategory that is not in the chosen group', () => {
    expect(parseShopQuery(new URLSearchParams('type=UPPERS&sub=Jeans')).sub).toBeNull();
  });

  it('reads the women style group and ignores men-only params', () => {
    expect(parseShopQuery(new URLSearchParams('g=WOMEN&type=UPPERS&wg=TRADITIONS'))).toEqual({
      gender: 'WOMEN',
      type: null,
      sub: null,
      styleGroup: 'TRADITIONS',
    });
  });
});

describe('applyShopQuery', () => {
  it('writes the selection and keeps unrelated params', () => {
    const next = applyShopQuery(new URLSearchParams('wg=WESTERN&refPost=12'), selectCategoryType('LOWERS'));
    expect(next.toString()).toBe('refPost=12&g=MEN&type=LOWERS&sub=Jeans');
  });
});
