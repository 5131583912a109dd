/**
 * The country the visitor gives from and what follows from it: its entity, its currency, and so the
 * store's prices, the bucket's and the checkout's centers. Before the catalogue names its entities
 * (or when it names one), every visitor gives in US dollars, exactly as SPEC.md's store.
 */
import { type Currency, DEFAULT_CURRENCY } from '@store/shared/currencies';
import type { PublicEntity } from '@store/shared/site';
import { useSyncExternalStore } from 'react';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useHydrated } from '#src/lib/use-hydrated';
import { chooseCountry, guessCountry, HOME_COUNTRY, storedCountry, subscribeCountry } from './giving-country';

export type Giving = {
  country: string;
  currency: Currency;
  entity: PublicEntity | undefined;
  entities: readonly PublicEntity[];
  /** True until the visitor chose: the country was guessed from the browser. */
  guessed: boolean;
  choose: (country: string) => void;
};

const NO_ENTITIES: readonly PublicEntity[] = [];

const nothingStored = () => null;
const noChoice = () => () => undefined;

export function useGiving(): Giving {
  const { state } = useCatalogue();
  const entities = (state.status === 'ready' ? state.data.entities : undefined) ?? NO_ENTITIES;
  // The pre-rendered page and the render that hydrates it give from the United States (what the
  // server could know); the stored choice or the browser's guess from the next render on.
  const hydrated = useHydrated();
  const stored = useSyncExternalStore(
    hydrated ? subscribeCountry : noChoice,
    hydrated ? storedCountry : nothingStored,
    nothingStored,
  );
  const countries = entities.map((e) => e.country);
  const wanted = stored ?? (hydrated ? guessCountry(navigator.languages, countries) : HOME_COUNTRY);
  const entity = entities.find((e) => e.country === wanted) ?? entities.find((e) => e.country === HOME_COUNTRY);
  return {
    country: entity?.country ?? HOME_COUNTRY,
    currency: entity?.currency ?? DEFAULT_CURRENCY,
    entity,
    entities,
    guessed: stored === null,
    choose: chooseCountry,
  };
}
