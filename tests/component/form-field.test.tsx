import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from '../../renderer/components/ui/FormField';

describe('FormField (one labelled control)', () => {
  it('names the control by its label only and describes it by its hint', () => {
    render(
      <FormField label="Session timeout (minutes)" hint="A whole number from 5 to 1440.">
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Session timeout (minutes)' });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A whole number from 5 to 1440.',
    );
  });

  it('marks the control invalid and ties the error to it after the hint', () => {
    render(
      <FormField label="Name" hint="Shown to the team." error="A name is required">
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Shown to the team.',
      'A name is required',
    ]);
  });

  it('says a row context to assistive technology only, and describes nothing without hint or error', () => {
    render(
      <FormField label="Field" context="Filter 2">
        {(props) => (
          <select {...props}>
            <option>severity</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: /^Filter 2\s?Field$/ });
    expect(select.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByText('Filter 2').className).toContain('sr-only');
  });
});

describe('FormField with a server error', () => {
  it('announces it as well as tying it to the control', () => {
    render(
      <FormField label="Role Name" error="A role with this name already exists" announceError>
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Role Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('A role with this name already exists');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });
});
