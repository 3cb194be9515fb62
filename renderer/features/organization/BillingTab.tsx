import type { Organization } from '../../../shared/api/organizations';
import { formatDate } from '../../lib/format';
import { PlanBadge, StatusDot } from './badges';
import { Card, Field } from '../../components/ui/Card';
import { describePaymentMethod } from './rules';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.billing;

export function BillingTab({ organization }: { organization: Organization }) {
  const { subscription } = organization;
  const payment = subscription.billing ? describePaymentMethod(subscription.billing.paymentMethod) : null;
  return (
    <Card title={TEXTS.title}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={TEXTS.fields.plan}>
          <PlanBadge plan={organization.plan} />
        </Field>
        <Field label={TEXTS.fields.status}>
          <span className="inline-flex items-center gap-2 capitalize">
            <StatusDot status={subscription.status} />
            {subscription.status}
          </span>
        </Field>
        <Field label={TEXTS.fields.currentPeriod}>
          {TEXTS.period(
            formatDate(subscription.currentPeriodStart),
            formatDate(subscription.currentPeriodEnd),
          )}
        </Field>
        <Field label={TEXTS.fields.billingEmail}>{subscription.billing?.email ?? TEXTS.notSet}</Field>
        <Field label={TEXTS.fields.paymentMethod}>
          {payment ? TEXTS.card(payment.brand, payment.last4) : TEXTS.notSet}
        </Field>
        <Field label={TEXTS.fields.expires}>{payment?.expiry ?? '—'}</Field>
      </dl>
    </Card>
  );
}
