/**
 * Renders the XML dialect of Braintree's gateway, in the shape the Node SDK reads back.
 * The SDK (lib/braintree/http.js) parses answers with xml2js `{ explicitArray: false }` and then
 * `Util.convertNodeToObject`, which is what these helpers are written against:
 *  - element names are kebab-case; the SDK camel-cases them (`order-id` -> `orderId`);
 *  - only `type="integer"` and `type="boolean"` change a value's JS type; datetimes stay strings;
 *  - `nil="true"` becomes `null`;
 *  - `type="array"` turns the children into a JS array whatever their element names;
 *  - `type="collection"` keeps named children (repeated ones become an array).
 * The SDK only treats a body as XML when the Content-Type contains `application/xml`.
 */

export type XmlLeaf = string | number | boolean | Date | null;
export type XmlFields = { readonly [name: string]: XmlLeaf | XmlFields | undefined };

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** `orderId` -> `order-id`, `last4` -> `last-4` (Braintree's spelling). */
export function kebabCase(name: string): string {
  return name.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();
}

/** An element holding already-rendered children (empty children render a self-closing tag). */
export function element(name: string, children: readonly string[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return children.length === 0 ? `<${name}${attrs}/>` : `<${name}${attrs}>${children.join('')}</${name}>`;
}

/** One typed value, with the attribute the SDK needs to give it back its JS type. */
export function leaf(name: string, value: XmlLeaf): string {
  if (value === null) return element(name, [], { nil: 'true' });
  if (typeof value === 'boolean') return `<${name} type="boolean">${value}</${name}>`;
  if (typeof value === 'number' && Number.isInteger(value)) return `<${name} type="integer">${value}</${name}>`;
  // Braintree writes datetimes without milliseconds: 2026-11-02T10:00:00Z.
  if (value instanceof Date) return `<${name} type="datetime">${value.toISOString().slice(0, 19)}Z</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** Nested plain fields: camelCase keys become kebab-case elements; `undefined` fields are left out. */
export function fields(name: string, values: XmlFields): string {
  const children: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const child = kebabCase(key);
    const isLeaf = value === null || typeof value !== 'object' || value instanceof Date;
    children.push(isLeaf ? leaf(child, value) : fields(child, value));
  }
  return element(name, children);
}

/** `<name type="array">` of already-rendered items. */
export function array(name: string, items: readonly string[]): string {
  return element(name, items, { type: 'array' });
}

/** `<name type="collection">` of already-rendered children (used by paged search results). */
export function collection(name: string, children: readonly string[]): string {
  return element(name, children, { type: 'collection' });
}

export function xmlDocument(root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}
