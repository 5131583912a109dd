/**
 * The account pages in Telugu and Hindi (decision 0042): the words a donor reads, and the shared
 * schemas' validation errors, in the page's language. The English tests beside this file keep
 * checking the English words; here the same pages are opened after showInLanguage.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rememberSession } from '#src/lib/session-hint';
import { showInLanguage } from '#src/test/in-language';
import { jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers } from './account-test-helpers';

describe('the account pages in Telugu and Hindi', () => {
  test('/login in Telugu: heading, labels, buttons, and the schema’s error in Telugu', async () => {
    await showInLanguage('te');
    const { user, api } = await openAccountPage('/login', signedInHandlers());
    expect(screen.getByRole('heading', { level: 1, name: 'లాగిన్' })).toBeInTheDocument();
    // 'Email' is in other areas' catalogues too, spelt 'ఇ-మెయిల్' or 'ఈమెయిల్': either is Telugu.
    expect(await screen.findByLabelText(/మెయిల్$/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('పాస్‌వర్డ్')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Googleతో లాగిన్ అవ్వండి' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'నమోదు చేసుకోండి' })).toHaveAttribute('href', '/register');

    await user.click(screen.getByRole('button', { name: 'లాగిన్' }));
    // 'Invalid email' and 'Password is required' of the shared loginRequestSchema.
    expect(await screen.findByText('పాస్‌వర్డ్ తప్పనిసరి')).toBeInTheDocument();
    expect(screen.getByText(/^(ఇ-|ఈ)మెయిల్ సరైనది కాదు$/)).toBeInTheDocument();
    expect(screen.queryByText('Invalid email')).toBeNull();
    expect(api.requests('POST /auth/login')).toHaveLength(0);
  });

  test('/register in Hindi: heading, labels, and the errors in Hindi', async () => {
    await showInLanguage('hi');
    const { user } = await openAccountPage('/register', signedInHandlers());
    expect(screen.getByRole('heading', { level: 1, name: 'पंजीकरण' })).toBeInTheDocument();
    expect(await screen.findByLabelText('नाम')).toBeInTheDocument();
    expect(screen.getByLabelText('पासवर्ड (कम से कम 12 अक्षर)')).toHaveAttribute('type', 'password');

    await user.type(screen.getByLabelText(/मेल$/), 'asha@example.org');
    await user.type(screen.getByLabelText('पासवर्ड (कम से कम 12 अक्षर)'), 'short');
    await user.click(screen.getByRole('button', { name: 'पंजीकरण' }));
    expect(await screen.findByText('नाम ज़रूरी है')).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड में कम से कम 12 अक्षर होने चाहिए')).toBeInTheDocument();
  });

  test('/register in Hindi: the server’s “e-mail taken” is said in Hindi, with the link to log in', async () => {
    await showInLanguage('hi');
    const taken = 'An account with this e-mail already exists. Log in instead.';
    const { user } = await openAccountPage(
      '/register',
      signedInHandlers({
        'POST /auth/register': () =>
          jsonResponse({ error: { code: 'email_taken', message: taken, fields: { email: taken } } }, 409),
      }),
    );
    await user.type(await screen.findByLabelText('नाम'), 'Asha Rao');
    await user.type(screen.getByLabelText(/मेल$/), 'asha@example.org');
    await user.type(screen.getByLabelText('पासवर्ड (कम से कम 12 अक्षर)'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'पंजीकरण' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('पंजीकरण विफल रहा');
    expect(screen.getByRole('link', { name: 'इसके बजाय लॉग इन करें' })).toHaveAttribute('href', '/login');
  });

  test('/dashboard in Telugu: its headings and table in Telugu', async () => {
    rememberSession();
    await showInLanguage('te');
    await openAccountPage('/dashboard', signedInHandlers());
    expect(screen.getByRole('heading', { level: 1, name: 'డాష్‌బోర్డ్' })).toBeInTheDocument();
    const donations = await screen.findByRole('heading', { level: 2, name: 'మీ విరాళాలు' });
    expect(screen.getByRole('heading', { level: 2, name: 'నెలవారీ విరాళాలు' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'సైన్-ఇన్ మరియు భద్రత' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ప్రొఫైల్ చూపించండి' })).toBeInTheDocument();
    const table = within(donations.closest('section') ?? document.body).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'రసీదు' })).toBeInTheDocument();
    expect(screen.queryByText('Your Donations')).toBeNull();
  });
});
