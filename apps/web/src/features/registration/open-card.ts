/**
 * The accordion's one open card after a card is removed (SPEC.md §4: "Removing a card shifts the
 * open index"): a card before the open one keeps the same registrant open at its new index; the
 * open card itself hands over to the card that takes its place, or to the one before it when it
 * was the last. Null (every card closed) stays null.
 */
export function openIndexAfterRemove(open: number | null, removed: number, remaining: number): number | null {
  if (open === null || remaining === 0) return null;
  if (removed < open) return open - 1;
  if (removed === open) return Math.min(removed, remaining - 1);
  return open;
}

/** The open card after a registrant is put back at `inserted` (Undo): the same registrant stays open. */
export function openIndexAfterInsert(open: number | null, inserted: number): number | null {
  if (open === null) return null;
  return open >= inserted ? open + 1 : open;
}
