/**
 * What the report's tables say when a filter finds nothing, before saying which list is empty: a
 * search that matches nobody is not the same news as a report with nothing in it yet.
 */
export const NO_MATCHES = 'No matches.';
