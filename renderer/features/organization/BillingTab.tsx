import type { Organization } from '../../../shared/api/organizations';
import { formatDate } from '../../lib/format';
import { PlanBadge, StatusDot } from './badges';
import { Card, Field } from '../../components/ui/Card';
import { describePaymentMethod } from './rules';

export function BillingTab({ organization }: { organization: Organization }) {
  const { subscription } = organization;
  const payment = subscription.billing ? describePaymentMethod(subscription.billing.paymentMethod) : null;
  return (
    <Card title="Billing">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Plan">
          <PlanBadge plan={organization.plan} />
        </Field>
        <Field label="Status">
          <span className="inline-flex items-center gap-2 capitalize">
            <StatusDot status={subscription.status} />
            {subscription.status}
          </span>
        </Field>
        <Field label="Current period">
          {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
        </Field>
        <Field label="Billing email">{subscription.billing?.email ?? 'Not set'}</Field>
        <Field label="Payment method">{payment ? `${payment.brand} •••• ${payment.last4}` : 'Not set'}</Field>
        <Field label="Expires">{payment?.expiry ?? '—'}</Field>
      </dl>
    </Card>
  );
}
