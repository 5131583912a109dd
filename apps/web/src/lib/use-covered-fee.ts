/**
 * The processing fee a donor may cover, as the checkout and the bucket offer it: the
 * chosen center's entity's `processingFee`, else the bucket currency's entity's, else Braintree's
 * standard rate, worked out with the rule the server checks the total against (processing-fee.ts).
 */
import { coveredFeeCents, DEFAULT_PROCESSING_FEE, type ProcessingFee } from '@store/shared/processing-fee';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useGiving } from '#src/lib/giving-country/use-giving';

export type CoveredFee = {
  /** `giving.coverFeesDefault`: the offer is ticked to begin with. */
  ticked: boolean;
  /** The fee the donor adds to `totalCents`, for a center of `centerCountry` (the bucket's entity without one). */
  feeCents: (totalCents: number, centerCountry?: string | undefined) => number;
};

export function useCoveredFee(): CoveredFee {
  const { state } = useCatalogue();
  const giving = useGiving();
  const ticked = state.status === 'ready' ? state.data.giving.coverFeesDefault !== false : true;
  return {
    ticked,
    feeCents: (totalCents, centerCountry) => {
      const entity =
        (centerCountry === undefined ? undefined : giving.entities.find((e) => e.country === centerCountry)) ??
        giving.entities.find((e) => e.currency === giving.currency);
      const fee: ProcessingFee = entity?.processingFee ?? DEFAULT_PROCESSING_FEE;
      return coveredFeeCents(totalCents, fee);
    },
  };
}
