/**
 * Date literals in the domain tests. Test code only: nothing outside tests imports this file.
 */
import type { Ymd } from '../dates/ymd.ts';

/** A test's date literal as a `Ymd`, unchecked: `d('2024-02-29')`. */
export const d = (text: string) => text as Ymd;
