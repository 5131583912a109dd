/**
 * The foundation's IANA time zone (site.json `foundation.timeZone`, e.g. America/Chicago): the web
 * shows every date and time in it, so a gift has the day its receipt, the report and the CSV give,
 * whatever zone the visitor's computer is set to.
 *
 * It comes from the catalogue, which the server embeds in every page it serves: ready at the first
 * render there, before the catalogue's loader has answered. Null only where no catalogue is known
 * (the Vite dev server or a component test before the API answers, a failed load): `formatDate`
 * then writes times in UTC and names it, never in the browser's own zone as if it were the
 * foundation's.
 */
import { useContext } from 'react';
import { CatalogueContext } from './catalogue/catalogue-context';
import { readEmbeddedCatalogue } from './catalogue/embedded-catalogue';

export function useFoundationTimeZone(): string | null {
  // The context, not useCatalogue(): a part rendered outside the app's provider still shows dates.
  const state = useContext(CatalogueContext)?.state;
  if (state?.status === 'ready') return state.data.foundation.timeZone;
  return readEmbeddedCatalogue()?.foundation.timeZone ?? null;
}
