import { describe, expect, it } from 'vitest';
import { nextUpdateState, type UpdateEvent, type UpdateState } from './update-state.ts';

function run(start: UpdateState, events: UpdateEvent[]): UpdateState {
  return events.reduce(nextUpdateState, start);
}

describe('the app update states', () => {
  it('starts from what the registration holds', () => {
    expect(run('unavailable', [{ type: 'registered', waiting: false, installing: false }])).toBe(
      'idle',
    );
    expect(run('unavailable', [{ type: 'registered', waiting: true, installing: false }])).toBe(
      'available',
    );
    expect(run('unavailable', [{ type: 'registered', waiting: false, installing: true }])).toBe(
      'downloading',
    );
  });

  it('goes checking → latest → idle when there is nothing new', () => {
    expect(run('idle', [{ type: 'check' }])).toBe('checking');
    expect(run('idle', [{ type: 'check' }, { type: 'no-update' }])).toBe('latest');
    expect(
      run('idle', [{ type: 'check' }, { type: 'no-update' }, { type: 'message-expired' }]),
    ).toBe('idle');
  });

  it('goes checking → downloading → available → updating for a new version', () => {
    expect(
      run('idle', [
        { type: 'check' },
        { type: 'found' },
        { type: 'installed' },
        { type: 'accept' },
      ]),
    ).toBe('updating');
    // An hourly check that finds one on its own.
    expect(run('latest', [{ type: 'found' }, { type: 'installed' }])).toBe('available');
  });

  it('keeps an available update until it is accepted', () => {
    expect(run('available', [{ type: 'check' }, { type: 'no-update' }, { type: 'failed' }])).toBe(
      'available',
    );
    expect(run('available', [{ type: 'message-expired' }])).toBe('available');
  });

  it('accepts only an available update and ignores events while updating', () => {
    expect(run('idle', [{ type: 'accept' }])).toBe('idle');
    expect(run('updating', [{ type: 'found' }, { type: 'installed' }, { type: 'check' }])).toBe(
      'updating',
    );
  });

  it('falls back to idle when a check or an install fails, and to unavailable when unregistered', () => {
    expect(run('idle', [{ type: 'check' }, { type: 'failed' }])).toBe('idle');
    expect(run('downloading', [{ type: 'failed' }])).toBe('idle');
    expect(run('available', [{ type: 'unregistered' }])).toBe('unavailable');
    expect(run('unavailable', [{ type: 'check' }, { type: 'found' }])).toBe('unavailable');
  });
});
