import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrength } from '../../renderer/components/ui/PasswordStrength';

describe('PasswordStrength (zxcvbn-ts and the password policy)', () => {
  it('rates a common password very weak and names what the policy still needs', async () => {
    render(<PasswordStrength password="password" policy="strong" />);
    expect(await screen.findByText('Very weak')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('value')).toBe('0');
    expect(
      screen.getByText('Still needs at least 12 characters, upper- and lower-case letters, a number.'),
    ).toBeTruthy();
  });

  it('rates a long random password very strong and says it meets the policy', async () => {
    render(<PasswordStrength password="Vx9#tq-Lm2$wRz8!pK" policy="enterprise" />);
    expect(await screen.findByText('Very strong')).toBeTruthy();
    expect(screen.getByText('Meets the enterprise password policy.')).toBeTruthy();
  });

  it('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrength password="" policy="basic" />);
    expect(container.textContent).toBe('');
  });
});
