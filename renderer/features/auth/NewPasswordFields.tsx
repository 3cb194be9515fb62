import type { PasswordPolicy } from '../../../shared/settings';
import { FormField } from '../../components/ui/FormField';
import { PasswordStrength } from '../../components/ui/PasswordStrength';
import { INPUT_CLASS } from '../../components/ui/styles';
import { AUTH_TEXTS } from './texts';

/**
 * A new password and its confirmation, with the strength of the one being chosen against the policy in
 * force (unknown before sign-in): the set-password page and the change-password dialog.
 */
export function NewPasswordFields({
  password,
  confirm,
  policy,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  policy: PasswordPolicy | undefined;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <FormField label={AUTH_TEXTS.newPasswordLabel}>
        {(field) => (
          <>
            <input
              {...field}
              type="password"
              required
              autoComplete="new-password"
              value={password}
              onChange={(e) => onPassword(e.target.value)}
              className={INPUT_CLASS}
            />
            <PasswordStrength password={password} policy={policy} />
          </>
        )}
      </FormField>
      <FormField label={AUTH_TEXTS.confirmPasswordLabel}>
        {(field) => (
          <input
            {...field}
            type="password"
            required
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
            className={INPUT_CLASS}
          />
        )}
      </FormField>
    </>
  );
}
