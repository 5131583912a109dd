import { messages } from '@store/shared/messages';
import { useEffect, useRef } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

type UndoNoticeProps = {
  /** What was removed (a new object for every removal), or null while there is nothing to take back. */
  removed: { readonly name: string } | null;
  onUndo: () => void;
  className?: string;
};

/**
 * 'Removed {name}.' with Undo, after a removal that throws away what the visitor chose or typed (a
 * bucket line, a registrant). The live region is always present, so screen readers announce the
 * notice when it appears; focus moves to Undo, since the control that was pressed has just gone.
 */
export function UndoNotice({ removed, onUndo, className }: UndoNoticeProps) {
  const { i18n } = useLingui();
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed !== null) undoRef.current?.focus();
  }, [removed]);
  return (
    <div role="status">
      {removed !== null && (
        <p className={className ? `notice undo-notice ${className}` : 'notice undo-notice'}>
          {i18n._(messages.undo.removed, { name: removed.name })}{' '}
          <button ref={undoRef} type="button" className="text-button" onClick={onUndo}>
            {i18n._(messages.undo.undo)}
          </button>
        </p>
      )}
    </div>
  );
}
