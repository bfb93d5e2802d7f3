/** Fixed ids of SPEC §3: passenger types, document types and titles. */

export const PassengerType = { adult: 1, child: 2, infant: 3 } as const;
export type PassengerTypeId = (typeof PassengerType)[keyof typeof PassengerType];

export const DocumentType = { passport: 1, nationalId: 2 } as const;
export type DocumentTypeId = (typeof DocumentType)[keyof typeof DocumentType];

export const TitleId = { mr: 1, mrs: 2, infant: 4, child: 5 } as const;
export type TitleIdValue = (typeof TitleId)[keyof typeof TitleId];

export interface Title {
  readonly id: TitleIdValue;
  readonly name: string;
}

/** The built-in titles, used when `/api/data/{locale}/titles` fails. */
export const BUILT_IN_TITLES: readonly Title[] = [
  { id: TitleId.mr, name: 'Mr.' },
  { id: TitleId.mrs, name: 'Mrs.' },
  { id: TitleId.infant, name: 'Infant' },
  { id: TitleId.child, name: 'Child' },
];

export function isPassengerTypeId(id: number): id is PassengerTypeId {
  return (Object.values(PassengerType) as number[]).includes(id);
}

export function isDocumentTypeId(id: number): id is DocumentTypeId {
  return (Object.values(DocumentType) as number[]).includes(id);
}

export function isTitleId(id: number): id is TitleIdValue {
  return (Object.values(TitleId) as number[]).includes(id);
}
