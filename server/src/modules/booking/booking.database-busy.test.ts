import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../lib/service-error.ts';
import { busyAsUnavailable } from './booking.database-busy.ts';

describe('busyAsUnavailable', () => {
  it.each(['SQLITE_BUSY', 'SQLITE_LOCKED', '40P01', '40001', '55P03'])(
    '%s becomes 503 DATABASE_UNAVAILABLE',
    (code) => {
      const mapped = busyAsUnavailable(Object.assign(new Error('busy'), { code }));
      expect(mapped).toBeInstanceOf(ServiceError);
      expect((mapped as ServiceError).code).toBe('DATABASE_UNAVAILABLE');
      expect((mapped as ServiceError).statusCode).toBe(503);
    },
  );

  it('leaves other errors alone', () => {
    const unique = Object.assign(new Error('duplicate'), { code: '23505' });
    expect(busyAsUnavailable(unique)).toBe(unique);
    const service = new ServiceError('FLIGHT_UNAVAILABLE', 'gone');
    expect(busyAsUnavailable(service)).toBe(service);
    expect(busyAsUnavailable('text')).toBe('text');
  });
});
