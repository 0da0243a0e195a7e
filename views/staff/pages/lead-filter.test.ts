import { describe, expect, it } from 'vitest';
import { isFiltered, leadFilterFrom, leadFilterQuery } from './lead-filter';

const SHOWROOMS = ['ocean-city', 'cape-may'];
const read = (query: string) => leadFilterFrom(new URLSearchParams(query), SHOWROOMS);

describe('the inbox filter in the address', () => {
  it('reads every filter the form sends', () => {
    expect(read('q=+Pat+&status=overdue&assignee=mine&kind=service&showroom=cape-may&from=2026-11-01&to=2026-11-30&page=3')).toEqual({
      q: 'Pat',
      status: 'overdue',
      assignee: 'mine',
      kind: 'service',
      showroom: 'cape-may',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
    });
    expect(read('assignee=0123456789abcdef01234567&status=won')).toEqual({ assignee: '0123456789abcdef01234567', status: 'won' });
  });

  it('leaves out what the inbox does not offer, instead of passing it on', () => {
    expect(read('status=closed&assignee=%7B%22%24ne%22%3A1%7D&kind=boats&showroom=paris&from=2026-02-30&to=tomorrow&page=0')).toEqual({});
    expect(read('page=-2')).toEqual({});
    expect(read('q=' + 'a'.repeat(300)).q).toHaveLength(100);
  });

  it('writes the same filter back, page 1 left out', () => {
    const filter = read('to=2026-11-30&q=pat%40example.com&status=new&page=1');
    expect(leadFilterQuery(filter)).toBe('q=pat%40example.com&status=new&to=2026-11-30');
    expect(read(leadFilterQuery({ ...filter, page: 2 }))).toEqual({ ...filter, page: 2 });
    expect(isFiltered({ page: 4 })).toBe(false);
    expect(isFiltered(filter)).toBe(true);
  });
});
