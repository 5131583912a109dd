/**
 * High or critical advisories in production dependencies that `npm audit --omit=dev` may report and
 * that were looked at and judged not to affect this site, each with the reason (RELIABILITY.md
 * "Dependencies" lists them too). Keyed by the advisory's URL (https://github.com/advisories/GHSA-…).
 * Empty: no such finding has been explained away; any high or critical one fails the suite.
 */
export const EXPLAINED_ADVISORIES: Readonly<Record<string, string>> = {};
