import { isMinor } from '@store/shared/registration-rules';

export type AgeGroup = 'minor' | 'adult';

/**
 * Which fields a registrant gets (SPEC.md §2: minors show parent fields, adults phone and
 * category), decided as the age is typed. No age yet: neither.
 */
export function ageGroupOf(age: unknown): AgeGroup | null {
  if (typeof age !== 'number' || !Number.isFinite(age) || age < 0) return null;
  return isMinor(age) ? 'minor' : 'adult';
}
