/** How the card form names a detected brand (SPEC.md §9's brands), as the card networks write them. */
import type { CardBrand } from '@store/shared/card';

export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  elo: 'Elo',
  mir: 'Mir',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
};
