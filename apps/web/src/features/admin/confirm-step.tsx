/**
 * The second step of a back-office action that moves money or merges records: what is about to
 * happen, one button that does it (disabled while it runs) and one that goes back to the form.
 */
import type { ReactNode } from 'react';

export type ConfirmStepProps = {
  legend: string;
  children: ReactNode;
  /** The button's label, and its label while the action runs. */
  action: string;
  pendingAction: string;
  pending: boolean;
  onConfirm: () => void;
  onChange: () => void;
};

export function ConfirmStep({
  legend,
  children,
  action,
  pendingAction,
  pending,
  onConfirm,
  onChange,
}: ConfirmStepProps) {
  return (
    <fieldset className="admin-confirm">
      <legend>{legend}</legend>
      <p>{children}</p>
      <div className="admin-actions">
        <button type="button" className="button" onClick={onConfirm} disabled={pending}>
          {pending ? pendingAction : action}
        </button>
        <button type="button" className="button button--secondary" onClick={onChange} disabled={pending}>
          Change
        </button>
      </div>
    </fieldset>
  );
}
