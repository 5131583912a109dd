import { describe, expect, test } from 'vitest';
import { completeDonorAddress, donorAddressSchema } from './receipt-address';

describe('the donor address of a CRA receipt', () => {
  test('stores the province as its code and the postal code as Canada Post writes it', () => {
    for (const [province, code] of [
      ['Ontario', 'ON'],
      ['on', 'ON'],
      ['B.C.', 'BC'],
      ['Québec', 'QC'],
      ['prince edward island', 'PE'],
    ]) {
      expect(
        donorAddressSchema.parse({ street: ' 12 Finch Ave ', city: 'Toronto', province, postalCode: 'm2n1a1' }),
      ).toEqual({ street: '12 Finch Ave', city: 'Toronto', province: code, postalCode: 'M2N 1A1' });
    }
  });

  test('names each part that is missing or not Canadian', () => {
    const result = donorAddressSchema.safeParse({ street: '', province: 'Texas', postalCode: '75034' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['street', 'Street address is required for an official receipt'],
      ['city', 'City is required for an official receipt'],
      ['province', 'Province must be a Canadian province or territory, such as ON or Ontario'],
      ['postalCode', 'Postal code must be a Canadian postal code, such as M1V 1S8'],
    ]);
  });

  test('is complete only with every part valid (a letter Canada Post never uses is not)', () => {
    const whole = { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' };
    expect(completeDonorAddress(whole)).toEqual(whole);
    expect(completeDonorAddress({ ...whole, city: undefined })).toBeNull();
    expect(completeDonorAddress({ ...whole, postalCode: 'D2N 1A1' })).toBeNull();
    expect(completeDonorAddress({})).toBeNull();
  });
});
