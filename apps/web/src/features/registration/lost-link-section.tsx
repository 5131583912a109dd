import { eventSessionTexts } from '@store/shared/event-session-texts';

export const lostLinkTexts = {
  where: "Your registration's page, with your tickets, is linked from the confirmation e-mail.",
} as const;

/**
 * "Lost your link?" under the form: where a family that lost the e-mail with their page's link
 * asks for it again.
 */
export function LostLinkSection() {
  return (
    <div className="lost-link">
      <h2>{eventSessionTexts.lostLink}</h2>
      <p>{lostLinkTexts.where}</p>
      {/* LOST-LINK-FORM PLACEHOLDER: render <LostLinkForm /> from './lost-link-form' here once that file is merged. */}
    </div>
  );
}
