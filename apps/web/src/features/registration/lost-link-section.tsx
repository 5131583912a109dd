import { eventSessionTexts } from '@store/shared/event-session-texts';

/**
 * "Lost your link?" under the form: a family that lost the e-mail with their page's link asks for
 * it again here.
 */
export function LostLinkSection() {
  return (
    <div className="lost-link">
      <h2>{eventSessionTexts.lostLink}</h2>
      {/* LOST-LINK-FORM PLACEHOLDER: render <LostLinkForm /> from './lost-link-form' here once that file is merged. */}
    </div>
  );
}
