import { LayoutTemplate } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { templatePreview, type CataloguePermission, type RoleAbilities, type RoleTemplate } from './rules';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

const TEXTS = ROLE_PERMISSIONS_TEXTS.templates;

const CATEGORY_STYLE: Record<RoleTemplate['category'], string> = {
  system: 'bg-blue-50 text-blue-700 dark:bg-blue-500/10 dark:text-blue-300',
  operational: 'bg-amber-50 text-amber-700 dark:bg-amber-500/10 dark:text-amber-300',
  custom: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
};

/** Role Templates: applying one opens the Create Role form prefilled (part 2 §6). */
export function TemplatesTab({
  templates,
  catalogue,
  abilities,
  onApply,
}: {
  templates: readonly RoleTemplate[];
  catalogue: readonly CataloguePermission[];
  abilities: RoleAbilities;
  onApply: (template: RoleTemplate) => void;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {templates.map((template) => {
        const preview = templatePreview(template, catalogue);
        return (
          <li
            key={template.id}
            aria-label={template.name}
            className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-sm"
          >
            <div className="flex items-start gap-3">
              <LayoutTemplate aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold text-fg">{template.name}</h3>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${CATEGORY_STYLE[template.category]}`}
                  >
                    {template.category}
                  </span>
                </div>
                <p className="mt-1 text-sm text-muted">{template.description}</p>
              </div>
            </div>
            <ul aria-label={TEXTS.previewOf(template.name)} className="mt-3 flex flex-wrap gap-1.5">
              {preview.shown.map(({ id, action }) => (
                <li key={id} title={id} className="rounded bg-surface-muted px-2 py-0.5 text-xs text-fg">
                  {action}
                </li>
              ))}
              {preview.more > 0 ? (
                <li className="px-1 text-xs text-muted">{TEXTS.more(preview.more)}</li>
              ) : null}
            </ul>
            <div className="mt-4 flex items-center justify-between">
              <span className="text-xs text-muted">{TEXTS.permissions(template.permissions.length)}</span>
              <Button
                onClick={() => onApply(template)}
                disabled={!abilities.create}
                title={abilities.create ? undefined : TEXTS.createNeeded}
              >
                {TEXTS.use}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
