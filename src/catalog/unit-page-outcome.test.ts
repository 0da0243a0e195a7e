import { describe, expect, it } from 'vitest';
import { unitPageOutcome } from './unit-page-outcome';

const now = new Date('2026-07-01T12:00:00Z');
const daysBefore = (days: number, hours = 0) => new Date(now.getTime() - (days * 24 + hours) * 60 * 60 * 1000).toISOString();
const noModelPage = { hasModelPage: false };
const withModelPage = { hasModelPage: true };

describe('unitPageOutcome', () => {
  it('shows an available unit, and one a buyer is holding (pending)', () => {
    expect(unitPageOutcome({ status: 'available' }, now, noModelPage)).toBe('show');
    expect(unitPageOutcome({ status: 'pending' }, now, noModelPage)).toBe('show');
  });

  it('shows a model entry, which has no status at all', () => {
    expect(unitPageOutcome({}, now, withModelPage)).toBe('show');
  });

  it('answers gone (410) for a unit sold today and until 30 days have passed', () => {
    expect(unitPageOutcome({ status: 'sold', soldAt: daysBefore(0) }, now, withModelPage)).toBe('gone');
    expect(unitPageOutcome({ status: 'sold', soldAt: daysBefore(29, 23) }, now, withModelPage)).toBe('gone');
  });

  it('sends a unit sold 30 days ago or more to its model page when the model has one', () => {
    expect(unitPageOutcome({ status: 'sold', soldAt: daysBefore(30) }, now, withModelPage)).toBe('redirect-to-model');
    expect(unitPageOutcome({ status: 'sold', soldAt: new Date(daysBefore(400)) }, now, withModelPage)).toBe('redirect-to-model');
  });

  it('answers not found (404) for a unit sold 30 days ago or more whose model has no page', () => {
    expect(unitPageOutcome({ status: 'sold', soldAt: daysBefore(30) }, now, noModelPage)).toBe('not-found');
  });

  it('treats a sold unit without a sale date as sold long ago', () => {
    expect(unitPageOutcome({ status: 'sold' }, now, noModelPage)).toBe('not-found');
    expect(unitPageOutcome({ status: 'sold', soldAt: null }, now, withModelPage)).toBe('redirect-to-model');
  });
});
