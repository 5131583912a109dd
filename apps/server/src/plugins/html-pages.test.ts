import { describe, expect, it } from 'vitest';
import { embed, jsonScript } from './html-pages';

describe('embedding JSON in a page', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const value = { desc: '</script><script>alert(1)</script> <!-- x', name: 'A < B' };
    const tag = jsonScript({ id: 'catalogue-data', json: JSON.stringify(value) });
    const inner = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(inner)).toEqual(value);
  });

  it('goes just before </head>, or at the start of a body without a head', () => {
    const block = { id: 'd', json: '{}' };
    expect(embed('<html><head><title>t</title></head><body></body></html>', [block])).toBe(
      '<html><head><title>t</title><script type="application/json" id="d">{}</script></head><body></body></html>',
    );
    expect(embed('<html><body class="x"><div></div></body></html>', [block])).toBe(
      '<html><body class="x"><script type="application/json" id="d">{}</script><div></div></body></html>',
    );
    expect(embed('<p>unchanged</p>', [])).toBe('<p>unchanged</p>');
  });
});
