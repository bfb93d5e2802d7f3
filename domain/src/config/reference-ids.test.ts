import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_TITLES,
  DocumentType,
  PassengerType,
  TitleId,
  isDocumentTypeId,
  isPassengerTypeId,
  isTitleId,
} from './reference-ids.ts';

describe('reference ids', () => {
  it('match SPEC §3', () => {
    expect(PassengerType).toEqual({ adult: 1, child: 2, infant: 3 });
    expect(DocumentType).toEqual({ passport: 1, nationalId: 2 });
    expect(TitleId).toEqual({ mr: 1, mrs: 2, infant: 4, child: 5 });
    expect(BUILT_IN_TITLES).toEqual([
      { id: 1, name: 'Mr.' },
      { id: 2, name: 'Mrs.' },
      { id: 4, name: 'Infant' },
      { id: 5, name: 'Child' },
    ]);
  });

  it.each([
    [isPassengerTypeId, [1, 2, 3], [0, 4, -1, 1.5]],
    [isDocumentTypeId, [1, 2], [0, 3]],
    [isTitleId, [1, 2, 4, 5], [0, 3, 6]],
  ])('%o accepts %j and rejects %j', (guard, known, unknown) => {
    for (const id of known) expect(guard(id)).toBe(true);
    for (const id of unknown) expect(guard(id)).toBe(false);
  });
});
