/**
 * Which of a signed-in traveller's saved passengers fit a passenger form, and the form they fill.
 * A saved passenger with a birth date fits the type their age on the first travel date calls
 * for (a child saved two years ago may be an adult now); one without fits their saved type.
 */
import type { SavedPassenger } from '@uniquair/contract/booking-list';
import { ageOn, passengerTypeForAge } from '@uniquair/domain/booking/passenger-rules';
import type { PassengerTypeId } from '@uniquair/domain/config/reference-ids';
import { isYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import { TITLES_BY_TYPE } from './flow-forms.ts';
import { emptyPassenger, type PassengerDraft } from './flow-state.ts';

export function fitsPassengerType(
  saved: SavedPassenger,
  typeId: PassengerTypeId,
  firstTravelDate: Ymd,
): boolean {
  if (saved.birthDate && isYmd(saved.birthDate)) {
    return passengerTypeForAge(ageOn(saved.birthDate, firstTravelDate)) === typeId;
  }
  return saved.passengerTypeId === typeId;
}

/** The passenger form filled from a saved passenger; what was not saved stays empty. */
export function draftFromSaved(saved: SavedPassenger, typeId: PassengerTypeId): PassengerDraft {
  const empty = emptyPassenger(typeId);
  const titleFits = saved.titleId !== null && TITLES_BY_TYPE[typeId].includes(saved.titleId);
  const onlyTitle = TITLES_BY_TYPE[typeId].length === 1 ? String(TITLES_BY_TYPE[typeId][0]) : '';
  return {
    typeId,
    titleId: titleFits ? String(saved.titleId) : onlyTitle,
    firstName: saved.firstName,
    lastName: saved.lastName,
    birthDate: saved.birthDate ?? '',
    nationality: saved.nationality ?? '',
    documentTypeId:
      saved.documentTypeId === 1 || saved.documentTypeId === 2
        ? String(saved.documentTypeId)
        : empty.documentTypeId,
    documentNumber: saved.documentNumber ?? '',
    documentExpiry: saved.documentExpiry ?? '',
  };
}
