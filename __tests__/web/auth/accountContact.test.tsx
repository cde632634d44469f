/**
 * The Account page's "Email and phone": a new email gets a code, a wrong code and a
 * taken address show clear errors, the right code updates the email shown (and the store's
 * user); a phone number in international format gets a texted code, a malformed one is refused
 * before anything is sent. The identity client is scripted; the SDK's calls run against the
 * provider in __tests__/sdk/identityDevices.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_ERROR_TEXTS } from '../../../src/web/features/auth/accountErrors';
import { CONTACT_TEXTS } from '../../../src/web/features/auth/ContactCard';
import AccountPage from '../../../src/web/pages/AccountPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

function renderAccount(identity: FakeIdentity) {
  return renderWithProviders(<AccountPage />, {
    route: '/account',
    path: '/account',
    preloadedState: { auth: { status: 'authenticated', user: ANN } },
    storeOptions: { identity },
  });
}

describe('/account email and phone', () => {
  it('changes the email with the mailed code, showing clear errors on the way', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    const { store } = renderAccount(identity);
    expect(screen.getByTestId('current-email')).toHaveTextContent('ann@example.com');

    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    const change = screen.getByRole('form', { name: 'Change Email' });
    await user.type(within(change).getByLabelText('New email'), 'not-an-email');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    expect(await within(change).findByText(CONTACT_TEXTS.email.invalid)).toBeInTheDocument();
    expect(identity.updateAttribute).not.toHaveBeenCalled();

    // An address another account uses.
    identity.updateAttribute.mockRejectedValueOnce(
      cognitoError('AliasExistsException', 'An account with the given email already exists.'),
    );
    await user.clear(within(change).getByLabelText('New email'));
    await user.type(within(change).getByLabelText('New email'), ' Bob@Example.com ');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_ERROR_TEXTS.AliasExistsException,
    );
    expect(identity.updateAttribute).toHaveBeenLastCalledWith('email', 'bob@example.com');

    await user.clear(within(change).getByLabelText('New email'));
    await user.type(within(change).getByLabelText('New email'), 'ann.new@example.com');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    const verify = await screen.findByRole('form', { name: 'Verify Email' });
    expect(screen.getByText(CONTACT_TEXTS.sent('ann.new@example.com'))).toBeInTheDocument();
    expect(identity.updateAttribute).toHaveBeenLastCalledWith('email', 'ann.new@example.com');
    // The current address stays until the code proves the new one.
    expect(screen.getByTestId('current-email')).toHaveTextContent('ann@example.com');

    identity.verifyAttribute.mockRejectedValueOnce(
      cognitoError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      ),
    );
    await user.type(within(verify).getByLabelText('Verification code'), '000000');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_ERROR_TEXTS.CodeMismatchException,
    );
    expect(within(verify).getByLabelText('Verification code')).toHaveValue('');

    await user.click(within(verify).getByRole('button', { name: 'Send Code Again' }));
    expect(identity.resendAttributeCode).toHaveBeenCalledWith('email');
    expect(
      await screen.findByText(CONTACT_TEXTS.resent('ann.new@example.com')),
    ).toBeInTheDocument();

    const renamed = { ...ANN, email: 'ann.new@example.com' };
    identity.verifyAttribute.mockResolvedValueOnce(renamed);
    identity.contactDetails.mockResolvedValue({
      email: 'ann.new@example.com',
      emailVerified: true,
      phoneVerified: false,
    });
    await user.type(within(verify).getByLabelText('Verification code'), '123456');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(CONTACT_TEXTS.email.done('ann.new@example.com')),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('current-email')).toHaveTextContent('ann.new@example.com'),
    );
    expect(identity.contactDetails).toHaveBeenCalledTimes(2);
    expect(identity.verifyAttribute).toHaveBeenLastCalledWith('email', '123456');
    expect(store.getState().auth.user?.email).toBe('ann.new@example.com');
    expect(screen.queryByRole('form', { name: 'Verify Email' })).not.toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_ERROR_TEXTS.CodeMismatchException)).not.toBeInTheDocument();
  });

  it('adds a phone number with the texted code; a malformed number is refused at once', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    const { store } = renderAccount(identity);
    expect(screen.getByTestId('current-phone_number')).toHaveTextContent(CONTACT_TEXTS.none);
    await waitFor(() => expect(identity.contactDetails).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Change Phone Number' }));
    const change = screen.getByRole('form', { name: 'Change Phone Number' });
    await user.type(within(change).getByLabelText('New phone number'), '555 1234');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    expect(await within(change).findByText(CONTACT_TEXTS.phone_number.invalid)).toBeInTheDocument();
    expect(identity.updateAttribute).not.toHaveBeenCalled();

    identity.updateAttribute.mockResolvedValueOnce({ destination: '+*******4567', medium: 'SMS' });
    await user.clear(within(change).getByLabelText('New phone number'));
    await user.type(within(change).getByLabelText('New phone number'), '+1 555-123-4567');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    const verify = await screen.findByRole('form', { name: 'Verify Phone Number' });
    expect(identity.updateAttribute).toHaveBeenCalledWith('phone_number', '+15551234567');

    identity.verifyAttribute.mockRejectedValueOnce(
      cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
    );
    await user.type(within(verify).getByLabelText('Verification code'), '111111');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_ERROR_TEXTS.ExpiredCodeException,
    );

    identity.verifyAttribute.mockResolvedValueOnce({ ...ANN, phone: '+15551234567' });
    identity.contactDetails.mockResolvedValue({
      email: 'ann@example.com',
      emailVerified: true,
      phone: '+15551234567',
      phoneVerified: true,
    });
    await user.type(within(verify).getByLabelText('Verification code'), '222222');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(CONTACT_TEXTS.phone_number.done('+15551234567')),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('current-phone_number')).toHaveTextContent('+15551234567'),
    );
    expect(identity.verifyAttribute).toHaveBeenLastCalledWith('phone_number', '222222');
    expect(store.getState().auth.user?.phoneNumber).toBe('+15551234567');
  });

  it('shows the phone number the pool holds when the id token has none', async () => {
    const identity = fakeIdentity(ANN);
    identity.contactDetails.mockResolvedValue({
      email: 'ann@example.com',
      emailVerified: true,
      phone: '+15559876543',
      phoneVerified: true,
    });
    renderAccount(identity);
    await waitFor(() =>
      expect(screen.getByTestId('current-phone_number')).toHaveTextContent('+15559876543'),
    );
  });

  it('says so when the new value is the current one', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    identity.updateAttribute.mockResolvedValueOnce(undefined);
    renderAccount(identity);
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    const change = screen.getByRole('form', { name: 'Change Email' });
    await user.type(within(change).getByLabelText('New email'), 'ann@example.com');
    await user.click(within(change).getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_TEXTS.unchanged);
    expect(screen.queryByRole('form', { name: 'Verify Email' })).not.toBeInTheDocument();
  });
});
