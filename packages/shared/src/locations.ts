/**
 * The fixed location lookup of SPEC.md §3: id 0 is N/A, 1-34 US states or regions,
 * 35-45 countries or areas. Picked by number; the ids are part of the contract, never renumber.
 */
export type Location = { id: number; name: string };

const names = [
  'N/A',
  // 1-34: US states or regions
  'Alabama',
  'Arizona',
  'Arkansas',
  'California-Bay Area',
  'California-Los Angeles',
  'California-San Diego',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Missouri',
  'Nevada',
  'New Jersey',
  'New York',
  'North Carolina',
  'Ohio',
  'Oregon',
  'Pennsylvania',
  'Tennessee',
  'Texas - Austin',
  'Texas - Dallas',
  'Texas - Houston',
  'Virginia',
  'Washington',
  // 35-45: countries or areas
  'Australia',
  'Canada',
  'India',
  'Kuwait',
  'Malaysia',
  'Netherlands',
  'New Zealand',
  'Switzerland',
  'Trinidad & Tobago',
  'UAE-Dubai',
  'UK',
] as const;

export const LOCATIONS: readonly Location[] = names.map((name, id) => ({ id, name }));
export const US_REGION_IDS = { first: 1, last: 34 } as const;
export const COUNTRY_IDS = { first: 35, last: 45 } as const;

export function locationName(id: number): string | undefined {
  return LOCATIONS[id]?.name;
}
