/**
 * The short notices in the reader's language (decision 0042), as their renderers write them from a
 * record's `locale`: account links and security notices (the account's), billing notices (the
 * monthly gift's), the waiting list's offer (the registration's). Names, links, numbers and amounts
 * stay as they are; English stays what it always was.
 */
import { describe, expect, it } from 'vitest';
import { renderAccountLinkMail } from '#src/modules/auth/account-link-mail';
import { renderEmailChanged } from '#src/modules/auth/email-changed-mail';
import { renderGuessingAlert } from '#src/modules/auth/guessing-alert-mail';
import { longDay, renderBillingNotice } from '#src/modules/monthly-giving/billing-mail';
import { type OfferMailView, renderOfferMail } from '#src/modules/waiting-list/offer-mail';
import { greetingName } from './greeting';

const foundation = { foundationName: 'Sri Datta Vani Foundation', foundationUrl: 'https://www.dattavani.example.org/' };
const link = 'https://store.example.org/reset-password?token=abc';

describe('account mails, in the account’s language', () => {
  it('writes the password reset link in Telugu, the link as it is', () => {
    const mail = renderAccountLinkMail('reset-password', 'asha@example.org', {
      ...foundation,
      greeting: 'Asha',
      link,
      locale: 'te',
    });
    expect(mail.subject).toBe('కొత్త పాస్‌వర్డ్ ఎంచుకోండి');
    expect(mail.text).toContain('ప్రియమైన Asha,');
    expect(mail.text).toContain('1 గంట లోపు పనిచేస్తుంది');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('<html lang="te">');
  });

  it('writes the e-mail verification in Hindi, and in English as before', () => {
    const view = { ...foundation, greeting: 'Asha', link };
    const hindi = renderAccountLinkMail('verify-email', 'asha@example.org', { ...view, locale: 'hi' });
    expect(hindi.subject).toBe('अपने ई-मेल पते की पुष्टि करें');
    expect(hindi.text).toContain('24 घंटों के भीतर काम करता है');
    expect(hindi.text).toContain('“पासवर्ड भूल गए?”');
    const english = renderAccountLinkMail('verify-email', 'asha@example.org', view);
    expect(english.subject).toBe('Confirm your e-mail address');
    expect(english.text).toContain('It works once, within 24 hours.');
    expect(english.text).toContain("choose 'Forgot password?' on the sign-in page.");
  });

  it('tells of a changed address and of password guessing in the account’s language', () => {
    const changed = renderEmailChanged('old@example.org', {
      ...foundation,
      greeting: greetingName('', 'hi'),
      newEmail: 'new@example.org',
      locale: 'hi',
    });
    expect(changed.text).toContain('प्रिय मित्र,');
    expect(changed.text).toContain('बदलकर new@example.org कर दिया गया है');
    const alert = renderGuessingAlert('asha@example.org', { ...foundation, greeting: 'Asha', locale: 'te' });
    expect(alert.subject).toBe('ఎవరో మీ ఖాతాలోకి సైన్ ఇన్ అవ్వడానికి ప్రయత్నిస్తున్నారు');
    expect(alert.text).toContain('15 నిమిషాల లోపు');
  });
});

describe('a monthly gift’s billing notice, in the gift’s language', () => {
  it('says the decline, the card and the next try in Hindi, the day in its conventions', () => {
    const mail = renderBillingNotice('declined', 'asha@example.org', {
      ...foundation,
      locale: 'hi',
      dashboardUrl: 'https://store.example.org/dashboard',
      greeting: 'Asha',
      amount: '$51.00',
      cause: 'Any Other Donation',
      card: 'Visa',
      retryOn: longDay('2027-01-16', 'hi'),
    });
    expect(mail.subject).toBe('आपके मासिक दान का भुगतान नहीं लिया जा सका');
    expect(mail.text).toContain('हम आपके $51.00 के मासिक दान का भुगतान Visa से नहीं ले सके।');
    expect(mail.text).toContain('16 जनवरी 2027');
    expect(longDay('2027-01-16')).toBe('Saturday, January 16, 2027');
  });
});

describe('the waiting list’s offer, in the family’s language', () => {
  const view: OfferMailView = {
    ...foundation,
    eventTitle: 'Bhagavad Gita Mahayagna',
    registrationNumber: 'BGM-000042',
    greeting: 'Asha',
    people: ['Asha Rao', 'Anu Rao'],
    centerName: 'Dallas Center, Texas',
    hall: 'Datta Auditorium',
    address: '4455 Legacy Dr, Frisco, TX 75034',
    startsAt: 'Saturday, May 15, 2027 at 9:00 AM CDT',
    heldUntil: 'May 1, 2027 at 9:00 AM CDT',
    link: 'https://store.example.org/registration/offer?token=abc',
  };

  it('offers the places in Telugu, with the button to accept them', () => {
    const mail = renderOfferMail('asha@example.org', { ...view, locale: 'te' });
    expect(mail.subject).toBe('Bhagavad Gita Mahayagna: మీ కోసం స్థానాలు ఖాళీ అయ్యాయి (BGM-000042)');
    expect(mail.text).toContain('Asha Rao, Anu Rao కోసం 2 స్థానాలు.');
    expect(mail.html).toContain('స్థానాలను స్వీకరించండి');
  });

  it('is the English offer it always was', () => {
    const mail = renderOfferMail('asha@example.org', view);
    expect(mail.subject).toBe('Bhagavad Gita Mahayagna: places are free for you (BGM-000042)');
    expect(mail.text).toContain(
      'Places have freed at Dallas Center, Texas, and your family is next in line: 2 places for Asha Rao, Anu Rao.',
    );
    expect(mail.text).toContain('Accept the places: https://store.example.org/registration/offer?token=abc');
  });
});
