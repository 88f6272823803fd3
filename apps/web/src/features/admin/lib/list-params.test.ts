import { describe, expect, it } from 'vitest';
import { ADMIN_OFFER_SORT_COLUMNS, ADMIN_PROFILE_SORT_COLUMNS } from '@substytut/shared/admin-api';
import { apiQuery, applyListChange, readListState } from './list-params';

const read = (search: string) =>
  readListState(new URLSearchParams(search), 'profile', ADMIN_PROFILE_SORT_COLUMNS, '-createdAt');

describe('readListState', () => {
  it('defaults to the first page of 20, newest first, no search', () => {
    expect(read('')).toEqual({
      page: 1,
      pageSize: 20,
      sort: { column: 'createdAt', direction: 'desc' },
      q: '',
    });
  });

  it('reads its own prefixed params and the shared pageSize', () => {
    expect(read('profilePage=3&pageSize=5&profileSort=name&profileQ=kowal&offerPage=9')).toEqual({
      page: 3,
      pageSize: 5,
      sort: { column: 'name', direction: 'asc' },
      q: 'kowal',
    });
    expect(read('pageSize=5&profilePageSize=50').pageSize).toBe(50);
  });

  it('falls back to defaults for anything the API would refuse', () => {
    expect(read('profilePage=0&profilePageSize=500&profileSort=price')).toMatchObject({
      page: 1,
      pageSize: 20,
      sort: { column: 'createdAt', direction: 'desc' },
    });
    expect(read('profilePage=abc&pageSize=-1').page).toBe(1);
    expect(read(`profileQ=${'x'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('applyListChange', () => {
  const apply = (search: string, change: Parameters<typeof applyListChange>[2]) =>
    applyListChange(new URLSearchParams(search), 'offer', change, '-updatedAt').toString();

  it('goes back to page 1 on a new search, sort or page size, and keeps the other table', () => {
    expect(apply('offerPage=4&profilePage=2', { q: ' rozprawa ' })).toBe('profilePage=2&offerQ=rozprawa');
    expect(apply('offerPage=4', { sort: 'price' })).toBe('offerSort=price');
    expect(apply('offerPage=4', { pageSize: 50 })).toBe('offerPageSize=50');
  });

  it('leaves defaults out of the URL', () => {
    expect(apply('offerSort=price&offerQ=x&offerPage=2', { sort: '-updatedAt', q: '', page: 1 })).toBe('');
    expect(apply('', { page: 2 })).toBe('offerPage=2');
  });
});

describe('apiQuery', () => {
  it('names the API parameters', () => {
    const state = readListState(
      new URLSearchParams('offerPage=2&offerSort=-price&offerQ=anna'),
      'offer',
      ADMIN_OFFER_SORT_COLUMNS,
      '-updatedAt',
    );
    expect(apiQuery(state)).toBe('page=2&pageSize=20&sort=-price&q=anna');
  });
});
