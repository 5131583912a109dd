/**
 * What the center, item and event forms share around their fields: the form, its heading (which
 * names it) and the error that belongs to no one field, focused by focusFirstError when it is the
 * only one.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';

type CatalogueFormFrameProps = {
  /** The form's useId: its heading is `${id}-title`. */
  id: string;
  formRef: RefObject<HTMLFormElement | null>;
  title: string;
  formError: string | undefined;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

export function CatalogueFormFrame({ id, formRef, title, formError, onSubmit, children }: CatalogueFormFrameProps) {
  return (
    <form ref={formRef} className="catalogue-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {formError && (
        <p role="alert" tabIndex={-1} className="field__problem">
          {formError}
        </p>
      )}
      {children}
    </form>
  );
}
