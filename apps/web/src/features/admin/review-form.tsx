/**
 * The first step of a back-office action that is confirmed before it runs (confirm-step.tsx): the
 * fields, one button that reviews them, and why the last attempt failed.
 */
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from './form-alert';

type ReviewFormProps = {
  onReview: (event: FormEvent<HTMLFormElement>) => void;
  /** The button's label: 'Review merge', 'Void'. */
  action: string;
  failure: string | null;
  children: ReactNode;
};

export function ReviewForm({ onReview, action, failure, children }: ReviewFormProps) {
  return (
    <form className="form" noValidate onSubmit={onReview}>
      {children}
      <button type="submit" className="button">
        {action}
      </button>
      <FormAlert message={failure} />
    </form>
  );
}
