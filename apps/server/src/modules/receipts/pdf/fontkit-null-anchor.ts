/**
 * fontkit 2.0.4 (pdfkit's font engine) crashes laying out 'శ్రీ' (the Sri of many Telugu names) in
 * Noto Sans Telugu: "Cannot read properties of null (reading 'xCoordinate')". The font's GPOS
 * mark-to-base records leave the anchor null for mark classes a base glyph does not take, which
 * OpenType allows (HarfBuzz then does not attach the mark); fontkit's `applyAnchor` reads the null.
 *
 * fontkit exports no hook for this, so its GPOS processor's `applyAnchor` is wrapped to skip a null
 * anchor, leaving the mark where its own advance puts it, as HarfBuzz does. The processor class is
 * reached through a font it has opened (`font._layoutEngine.engine.GPOSProcessor`); patching that
 * prototype covers every font pdfkit opens too, since pdfkit imports the same fontkit module. If a
 * later fontkit changes these internals the wrapper is not installed and the test that renders
 * 'శ్రీనివాస్' fails, rather than this code throwing.
 */
import type { Font } from 'fontkit';

type Anchor = { xCoordinate: number; yCoordinate: number } | null | undefined;
type ApplyAnchor = (this: unknown, markRecord: { markAnchor?: Anchor }, baseAnchor: Anchor, base: number) => void;

const PATCHED = Symbol.for('store.fontkit-null-anchor');

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Installs the wrapper once per fontkit module; `font` must have a GPOS table (Noto Sans Telugu has). */
export function avoidNullAnchorCrash(font: Font): void {
  const processor = property(property(property(font, '_layoutEngine'), 'engine'), 'GPOSProcessor');
  if (processor === undefined || processor === null) return;
  const prototype: unknown = Object.getPrototypeOf(processor);
  if (typeof prototype !== 'object' || prototype === null || PATCHED in prototype) return;
  const original = property(prototype, 'applyAnchor');
  if (typeof original !== 'function') return;
  const applyAnchor = original as ApplyAnchor;
  const wrapped: ApplyAnchor = function (this: unknown, markRecord, baseAnchor, base) {
    if (!baseAnchor || !markRecord.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, base);
  };
  Object.assign(prototype, { applyAnchor: wrapped, [PATCHED]: true });
}
