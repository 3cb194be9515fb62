import { useState, type FormEvent } from 'react';
import type { Organization } from '../../../shared/api/organizations';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { Card, Field, InlineError } from '../../components/ui/Card';
import { useUpdateOrganization } from './mutations';
import { REASONS } from './rules';
import { INPUT_CLASS } from '../../components/ui/styles';
import { FormField } from '../../components/ui/FormField';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.settings;

interface Draft {
  name: string;
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
}

function draftOf(organization: Organization): Draft {
  const { branding } = organization.settings;
  return {
    name: organization.name,
    companyName: branding.companyName,
    primaryColor: branding.primaryColor,
    secondaryColor: branding.secondaryColor,
  };
}

function Swatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 rounded border border-line"
        style={{ backgroundColor: color }}
      />
      {color}
    </span>
  );
}

/** Settings (part 2 §2, §4): view and edit modes; Save writes and leaves edit mode. */
export function SettingsTab({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const update = useUpdateOrganization();
  const { security } = organization.settings;
  const current = draftOf(organization);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    update.mutate(
      {
        organizationId: organization.id,
        changes: {
          name: draft.name,
          settings: {
            branding: {
              companyName: draft.companyName,
              primaryColor: draft.primaryColor,
              secondaryColor: draft.secondaryColor,
            },
          },
        },
      },
      { onSuccess: () => setDraft(null) },
    );
  }

  const editButton = (
    <div className="flex items-center gap-3">
      {canEdit ? null : <span className="text-xs text-muted">{REASONS.manageOrganization}</span>}
      <Button
        disabled={!canEdit}
        title={canEdit ? undefined : REASONS.manageOrganization}
        onClick={() => {
          update.reset();
          setDraft(current);
        }}
      >
        {TEXTS.edit}
      </Button>
    </div>
  );

  const field = (key: keyof Draft, label: string) => (
    <FormField label={label}>
      {(field) => (
        <input
          {...field}
          className={INPUT_CLASS}
          value={draft?.[key] ?? ''}
          onChange={(event) => setDraft((d) => (d ? { ...d, [key]: event.target.value } : d))}
        />
      )}
    </FormField>
  );

  return (
    <div className="space-y-6">
      <Card title={TEXTS.title} actions={draft ? null : editButton}>
        {draft ? (
          <form onSubmit={save} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {field('name', TEXTS.fields.name)}
              {field('companyName', TEXTS.fields.companyName)}
              {field('primaryColor', TEXTS.fields.primaryColor)}
              {field('secondaryColor', TEXTS.fields.secondaryColor)}
            </div>
            <InlineError message={update.isError ? errorMessage(update.error, TEXTS.saveFailed) : null} />
            <div className="flex gap-2">
              <Button type="submit" variant="primary" disabled={update.isPending}>
                {TEXTS.save}
              </Button>
              <Button onClick={() => setDraft(null)} disabled={update.isPending}>
                {TEXTS.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={TEXTS.fields.name}>{current.name}</Field>
            <Field label={TEXTS.fields.companyName}>{current.companyName || '—'}</Field>
            <Field label={TEXTS.fields.primaryColor}>
              <Swatch color={current.primaryColor} />
            </Field>
            <Field label={TEXTS.fields.secondaryColor}>
              <Swatch color={current.secondaryColor} />
            </Field>
          </dl>
        )}
      </Card>
      <Card title={TEXTS.securityTitle}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={TEXTS.sso}>{security.ssoEnabled ? TEXTS.ssoEnabled : TEXTS.ssoDisabled}</Field>
          <Field label={TEXTS.mfa}>{security.mfaRequired ? TEXTS.mfaRequired : TEXTS.mfaNotRequired}</Field>
        </dl>
      </Card>
    </div>
  );
}
