/**
 * An account's one name field as the checkout's first and last name: split on the last space, so
 * "Mary Ann Smith" is "Mary Ann" + "Smith". One word is a first name only.
 */
export function splitName(fullName: string): { first: string; last: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const cut = name.lastIndexOf(' ');
  return cut === -1 ? { first: name, last: '' } : { first: name.slice(0, cut), last: name.slice(cut + 1) };
}
