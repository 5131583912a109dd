/**
 * The state or province a center is in, from its address's last 'XX 12345' / 'XX A1B 2C3' part
 * ('4455 Legacy Dr, Frisco, TX 75034' → 'TX'): a volunteer reads the registrations of that region
 * (registrations carry no center). Undefined for an address without one: the volunteer then sees none.
 */
export function centerRegion(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const matches = [...address.matchAll(/,\s*([A-Z]{2})\s+[A-Z0-9]/g)];
  return matches.at(-1)?.[1];
}
